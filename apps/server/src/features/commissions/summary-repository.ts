import { sql } from 'kysely';
import { payableUnpostedSql } from '../../db/entry-bucket.ts';
import type { Exec } from '../../db/exec.ts';

const num = (v: unknown) => Number(v ?? 0);

/** Brought forward, gross, tax withheld and net of a set of statements, in centavos (net = brought forward + gross − tax). */
export interface StatementSums {
  broughtForward: number;
  gross: number;
  tax: number;
  net: number;
}

/**
 * What a member has been paid and what is still to be paid, read from the statements the close
 * wrote (decision 019): the same columns the member's Statements table and the admin's statements
 * show, so the dashboard, Commission Tracking and the statements agree to the centavo.
 */
export const summaryRepository = {
  /**
   * A member's statements summed in one query: `paid` the statements marked paid (what the bank
   * received: their net); `due` those closed, not carried and not yet paid; `waiting` the net of a
   * carried statement not yet brought forward by a later one (it opens the member's next statement).
   */
  async statementSums(db: Exec, memberId: number): Promise<{ paid: StatementSums; due: StatementSums; waiting: number }> {
    const paid = sql`st.paid_on is not null`;
    const due = sql`st.paid_on is null and st.carried = 0`;
    const sumIf = (condition: typeof paid, column: string) =>
      sql<number | string>`coalesce(sum(case when ${condition} then ${sql.ref(`st.${column}`)} else 0 end), 0)`;
    const row = await db
      .selectFrom('commission_statements as st')
      .select([
        sumIf(paid, 'brought_forward_centavos').as('paid_bf'),
        sumIf(paid, 'gross_centavos').as('paid_gross'),
        sumIf(paid, 'withholding_centavos').as('paid_tax'),
        sumIf(paid, 'net_centavos').as('paid_net'),
        sumIf(due, 'brought_forward_centavos').as('due_bf'),
        sumIf(due, 'gross_centavos').as('due_gross'),
        sumIf(due, 'withholding_centavos').as('due_tax'),
        sumIf(due, 'net_centavos').as('due_net'),
        sumIf(
          sql`st.carried = 1 and not exists (select 1 from commission_statements q where q.brought_forward_from = st.id)`,
          'net_centavos',
        ).as('waiting'),
      ])
      .where('st.member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return {
      paid: { broughtForward: num(row.paid_bf), gross: num(row.paid_gross), tax: num(row.paid_tax), net: num(row.paid_net) },
      due: { broughtForward: num(row.due_bf), gross: num(row.due_gross), tax: num(row.due_tax), net: num(row.due_net) },
      waiting: num(row.waiting),
    };
  },

  /** A member's payable entries not on a statement yet (what the next close posts), summed by the month they were written into. */
  async unpostedByMonth(db: Exec, memberId: number): Promise<{ period: string; gross: number }[]> {
    const rows = await db
      .selectFrom('commission_entries')
      .select(['period', sql<number | string>`sum(amount_centavos)`.as('gross')])
      .where('member_id', '=', memberId)
      .where(payableUnpostedSql)
      .groupBy('period')
      .execute();
    return rows.map((r) => ({ period: r.period, gross: num(r.gross) }));
  },

  /** The months already closed (a late entry of one is posted by the first open month after it). */
  async closedMonths(db: Exec): Promise<Set<string>> {
    const rows = await db.selectFrom('commission_periods').select('period').where('closed_at', 'is not', null).execute();
    return new Set(rows.map((r) => r.period));
  },

  /** A member's withholding rates, newest effective date first, then newest set (the close's order). */
  withholdingRates(db: Exec, memberId: number) {
    return db
      .selectFrom('member_withholding')
      .select(['rate_hundredths', 'effective_from'])
      .where('member_id', '=', memberId)
      .orderBy('effective_from', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },
};
