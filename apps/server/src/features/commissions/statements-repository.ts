import { hasRowLocks } from '../../db/locks.ts';
import type { Exec } from '../../db/exec.ts';

/** Statements with their member's name and bank details (the payout needs them; null when none). */
function statementsQuery(db: Exec) {
  return db
    .selectFrom('commission_statements as st')
    .innerJoin('members as m', 'm.id', 'st.member_id')
    .leftJoin('bank_details as b', 'b.member_id', 'st.member_id')
    .select([
      'st.id',
      'st.member_id',
      'st.period',
      'st.gross_centavos',
      'st.brought_forward_centavos',
      'st.withholding_centavos',
      'st.net_centavos',
      'st.withholding_rate_hundredths',
      'st.atc',
      'st.carried',
      'st.entry_count',
      'st.created_at',
      'st.paid_on',
      'st.paid_reference',
      'm.f_name',
      'm.m_name',
      'm.l_name',
      'b.bank_name',
      'b.account_number',
      'b.account_name',
    ]);
}

/** A statement as statementsQuery reads it: typed by the query itself. */
export type StatementRow = Awaited<ReturnType<ReturnType<typeof statementsQuery>['execute']>>[number];

/** The statements a close wrote, and their payment. */
export const statementsRepository = {
  statementsOfMember(db: Exec, memberId: number) {
    return statementsQuery(db).where('st.member_id', '=', memberId).orderBy('st.period', 'desc').execute();
  },

  statementsOfPeriod(db: Exec, period: string) {
    return statementsQuery(db).where('st.period', '=', period).orderBy('m.l_name').orderBy('m.f_name').orderBy('st.member_id').execute();
  },

  statement(db: Exec, id: number) {
    return statementsQuery(db).where('st.id', '=', id).executeTakeFirst();
  },

  /** The statement's row, locked until the transaction ends (PostgreSQL), for marking it paid. */
  lockStatement(db: Exec, id: number) {
    const query = db.selectFrom('commission_statements').select(['id', 'member_id', 'period', 'paid_on', 'carried']).where('id', '=', id);
    return (hasRowLocks(db) ? query.forUpdate() : query).executeTakeFirst();
  },

  markPaid(db: Exec, id: number, paid: { paid_on: string; paid_reference: string; paid_at: string; paid_by: number }) {
    return db.updateTable('commission_statements').set(paid).where('id', '=', id).where('paid_on', 'is', null).executeTakeFirst();
  },
};
