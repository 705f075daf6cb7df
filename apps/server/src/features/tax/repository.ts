import type { Exec } from '../../db/exec.ts';

/** Withholding rates, payout settings and the statements the BIR's forms are made from (decision 019). */
export const taxRepository = {
  /** The latest version of the payout settings, with who set it; undefined while the defaults apply. */
  latestSettings(db: Exec) {
    return db
      .selectFrom('payout_settings as s')
      .leftJoin('members as m', 'm.id', 's.created_by')
      .select(['s.minimum_payout_centavos', 's.atc_5', 's.atc_10', 's.created_at', 'm.f_name', 'm.m_name', 'm.l_name'])
      .orderBy('s.id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  insertSettings(
    db: Exec,
    row: { minimum_payout_centavos: number; atc_5: string; atc_10: string; created_at: string; created_by: number },
  ) {
    return db.insertInto('payout_settings').values(row).execute();
  },

  /** The agency's tax details as last saved, with who saved them; undefined while none were (the environment's apply). */
  latestAgencyTaxDetails(db: Exec) {
    return db
      .selectFrom('agency_tax_details as a')
      .leftJoin('members as m', 'm.id', 'a.created_by')
      .select(['a.tin', 'a.address', 'a.rdo', 'a.created_at', 'm.f_name', 'm.m_name', 'm.l_name'])
      .orderBy('a.id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  insertAgencyTaxDetails(db: Exec, row: { tin: string; address: string; rdo: string; created_at: string; created_by: number | null }) {
    return db.insertInto('agency_tax_details').values(row).execute();
  },

  /** A member's withholding rates, newest effective date first, then newest set, with who set each. */
  withholdingHistory(db: Exec, memberId: number) {
    return db
      .selectFrom('member_withholding as w')
      .leftJoin('members as m', 'm.id', 'w.created_by')
      .select([
        'w.id',
        'w.member_id',
        'w.rate_hundredths',
        'w.effective_from',
        'w.reason',
        'w.created_at',
        'm.f_name',
        'm.m_name',
        'm.l_name',
      ])
      .where('w.member_id', '=', memberId)
      .orderBy('w.effective_from', 'desc')
      .orderBy('w.id', 'desc')
      .execute();
  },

  async insertWithholding(
    db: Exec,
    row: { member_id: number; rate_hundredths: number; effective_from: string; reason: string; created_at: string; created_by: number },
  ): Promise<number> {
    const { id } = await db.insertInto('member_withholding').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** The members with tax withheld in `months`, each once (a query for notifications.notifyMany, not run here). */
  payeesOf(db: Exec, months: readonly string[]) {
    return db
      .selectFrom('commission_statements')
      .select('member_id')
      .distinct()
      .where('period', 'in', months)
      .where('gross_centavos', '>', 0)
      .where('withholding_rate_hundredths', '>', 0);
  },

  /**
   * The statements of `months` on which tax was withheld (a positive gross at a rate), with their
   * member's name, TIN and address: what a 2307 and the alphalist report. Of `months` (every month
   * when null), one member's or all.
   */
  taxedStatements(db: Exec, months: readonly string[] | null, memberId: number | null) {
    return db
      .selectFrom('commission_statements as st')
      .innerJoin('members as m', 'm.id', 'st.member_id')
      .select([
        'st.member_id',
        'st.period',
        'st.gross_centavos',
        'st.withholding_centavos',
        'st.withholding_rate_hundredths',
        'st.atc',
        'm.f_name',
        'm.m_name',
        'm.l_name',
        'm.tin',
        'm.address',
        'm.address_number',
        'm.address_street',
        'm.address_region',
        'm.address_city',
        'm.address_barangay',
      ])
      .$if(months !== null, (q) => q.where('st.period', 'in', months!))
      .where('st.gross_centavos', '>', 0)
      .where('st.withholding_rate_hundredths', '>', 0)
      .$if(memberId !== null, (q) => q.where('st.member_id', '=', memberId!))
      .orderBy('m.l_name')
      .orderBy('m.f_name')
      .orderBy('st.member_id')
      .orderBy('st.period')
      .execute();
  },
};
