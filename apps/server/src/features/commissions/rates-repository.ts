import type { RateKind } from '@ahente/contract/commissions';
import type { Exec } from '../../db/exec.ts';

/** The dated rates of products and leadership positions (decision 016): only added to. */
export const ratesRepository = {
  insertRate(
    db: Exec,
    row: { kind: RateKind; key: string; rate_hundredths: number; effective_from: string; created_at: string; created_by: number | null },
  ) {
    return db.insertInto('commission_rates').values(row).returning('id').executeTakeFirstOrThrow();
  },

  /** Every rate ever set, with who set it; newest effective date first, then newest set. */
  allRates(db: Exec) {
    return db
      .selectFrom('commission_rates as r')
      .leftJoin('members as m', 'm.id', 'r.created_by')
      .select(['r.id', 'r.kind', 'r.key', 'r.rate_hundredths', 'r.effective_from', 'r.created_at', 'm.f_name', 'm.m_name', 'm.l_name'])
      .orderBy('r.kind')
      .orderBy('r.key')
      .orderBy('r.effective_from', 'desc')
      .orderBy('r.id', 'desc')
      .execute();
  },

  /**
   * The rate in force on `day` for each of `keys` of `kind`: the latest effective_from on or before
   * it, the latest set when two share a date. Keys with no such rate are absent.
   */
  async ratesOn(db: Exec, kind: RateKind, keys: readonly string[], day: string): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const rows = await db
      .selectFrom('commission_rates')
      .select(['key', 'rate_hundredths'])
      .where('kind', '=', kind)
      .where('key', 'in', keys)
      .where('effective_from', '<=', day)
      .orderBy('key')
      .orderBy('effective_from', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const out = new Map<string, number>();
    for (const r of rows) if (!out.has(r.key)) out.set(r.key, r.rate_hundredths);
    return out;
  },
};

/** A rate as the rates list reads it, with the name of who set it. */
export type RateRow = Awaited<ReturnType<typeof ratesRepository.allRates>>[number];
