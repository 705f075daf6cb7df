import { sql, type ExpressionBuilder } from 'kysely';
import type { Exec } from '../../db/exec.ts';
import type { Database } from '../../db/schema.ts';

const num = (v: unknown) => Number(v ?? 0);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The states of a line that name its sale as paid (or taken back) by the insurer. */
const SALE_STATES = ['matched', 'differs', 'chargeback'] as const;
/** The states whose commission the agency received: every line but an ignored one or a duplicate (already counted). */
const RECEIVED_EXCLUDED = ['ignored', 'duplicate'] as const;

/** A sale the insurer has not put on any statement (centavos; `rate_hundredths` null without an agency rate). */
export interface MissingCommissionRow {
  sale_id: number;
  member_id: number;
  f_name: string;
  l_name: string;
  customer_name: string;
  product: string;
  insurer_id: number;
  insurer_name: string;
  policy_number: string | null;
  effective_date: string;
  tcv_centavos: number;
  rate_hundredths: number | null;
}

export interface RevenueLinesRow {
  insurer_id: number;
  insurer_name: string;
  period: string;
  lines: number;
  expected: number;
  received: number;
}

export interface RevenuePaidRow {
  insurer_id: number;
  period: string;
  paid: number;
}

/**
 * The agency's side of the money read back (decision 037): the sales no statement has paid, and per
 * insurer and month what was expected, received and paid to agents. Lines of undone imports count
 * for nothing.
 */
export const revenueRepository = {
  /**
   * Sales linked to an insurer, neither rejected nor cancelled, effective on or before `before`,
   * with no line of a standing import naming them; oldest first, `limit` at most. The agency's rate
   * is the latest of the insurer's schedule for the product effective on the sale's day.
   */
  async missingCommissions(db: Exec, f: { insurerId: number | null; before: string; limit: number }): Promise<MissingCommissionRow[]> {
    const rows = await missingSales(db, f)
      .innerJoin('insurers as i', 'i.id', 's.insurer_id')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select([
        's.id as sale_id',
        's.member_id',
        'm.f_name',
        'm.l_name',
        's.customer_name',
        's.product',
        'i.id as insurer_id',
        'i.name as insurer_name',
        's.policy_number',
        's.effective_date',
        's.tcv_centavos',
        (eb) => rateOf(eb).as('rate_hundredths'),
      ])
      .orderBy('s.effective_date')
      .orderBy('s.id')
      .limit(f.limit)
      .execute();
    return rows.map((r) => ({
      ...r,
      sale_id: num(r.sale_id),
      member_id: num(r.member_id),
      insurer_id: num(r.insurer_id),
      tcv_centavos: num(r.tcv_centavos),
      rate_hundredths: numOrNull(r.rate_hundredths),
    }));
  },

  /** How many sales missingCommissions would list without its limit. */
  async countMissing(db: Exec, f: { insurerId: number | null; before: string }): Promise<number> {
    const row = await missingSales(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return num(row.n);
  },

  /** What the agency expects on all of them (centavos): each sale's premium × rate rounded to the centavo, summed. */
  async expectedTotalMissing(db: Exec, f: { insurerId: number | null; before: string }): Promise<number> {
    const row = await db
      .selectFrom(
        missingSales(db, f)
          .select(['s.tcv_centavos', (eb) => rateOf(eb).as('rate')])
          .as('x'),
      )
      .select(sql<number | string>`coalesce(sum((cast(x.tcv_centavos as bigint) * x.rate + 5000) / 10000), 0)`.as('total'))
      .where('x.rate', 'is not', null)
      .executeTakeFirstOrThrow();
    return num(row.total);
  },

  /** Per insurer and statement month (`YYYY-MM` from `fromPeriod` to `toPeriod`): lines, expected and received. */
  async linesByInsurerMonth(db: Exec, fromPeriod: string, toPeriod: string): Promise<RevenueLinesRow[]> {
    const rows = await db
      .selectFrom('statement_lines as l')
      .innerJoin('statement_imports as si', 'si.id', 'l.import_id')
      .innerJoin('insurers as i', 'i.id', 'si.insurer_id')
      .select([
        'si.insurer_id',
        'i.name as insurer_name',
        'si.period',
        (eb) => eb.fn.countAll<number | string>().as('lines'),
        sql<
          number | string
        >`coalesce(sum(case when l.status in ('matched', 'differs', 'chargeback') then l.expected_centavos else 0 end), 0)`.as('expected'),
        sql<number | string>`coalesce(sum(l.commission_centavos), 0)`.as('received'),
      ])
      .where('si.undone_at', 'is', null)
      .where('l.status', 'not in', RECEIVED_EXCLUDED)
      .where('si.period', '>=', fromPeriod)
      .where('si.period', '<=', toPeriod)
      .groupBy(['si.insurer_id', 'i.name', 'si.period'])
      .execute();
    return rows.map((r) => ({
      insurer_id: num(r.insurer_id),
      insurer_name: r.insurer_name,
      period: r.period,
      lines: num(r.lines),
      expected: num(r.expected),
      received: num(r.received),
    }));
  },

  /**
   * What the agency owes its agents on the sales the statements paid (every commission entry of the
   * sale: own sale, overrides and their reversals), each sale counted once: in the first month a
   * standing statement of its insurer named it (matched, differs or chargeback).
   */
  async paidToAgentsByInsurerMonth(db: Exec, fromPeriod: string, toPeriod: string): Promise<RevenuePaidRow[]> {
    const rows = await db
      .selectFrom((eb) =>
        eb
          .selectFrom('statement_lines as l')
          .innerJoin('statement_imports as si', 'si.id', 'l.import_id')
          .select(['l.sale_id', 'si.insurer_id', (e) => e.fn.min('si.period').as('period')])
          .where('si.undone_at', 'is', null)
          .where('l.status', 'in', SALE_STATES)
          .where('l.sale_id', 'is not', null)
          .groupBy(['l.sale_id', 'si.insurer_id'])
          .as('first'),
      )
      .innerJoin('commission_entries as e', 'e.sale_id', 'first.sale_id')
      .select(['first.insurer_id', 'first.period', sql<number | string>`coalesce(sum(e.amount_centavos), 0)`.as('paid')])
      .where('first.period', '>=', fromPeriod)
      .where('first.period', '<=', toPeriod)
      .groupBy(['first.insurer_id', 'first.period'])
      .execute();
    return rows.map((r) => ({ insurer_id: num(r.insurer_id), period: String(r.period), paid: num(r.paid) }));
  },
};

/**
 * The sales linked to an insurer (one insurer's if named), neither rejected nor cancelled,
 * effective on or before `before`, that no line of a standing import names.
 */
function missingSales(db: Exec, f: { insurerId: number | null; before: string }) {
  let q = db
    .selectFrom('sales as s')
    .where('s.insurer_id', 'is not', null)
    .where('s.verification', '!=', 'rejected')
    .where('s.cancelled_on', 'is', null)
    .where('s.effective_date', '<=', f.before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('statement_lines as l')
            .innerJoin('statement_imports as si', 'si.id', 'l.import_id')
            .select(sql.lit(1).as('one'))
            .whereRef('l.sale_id', '=', 's.id')
            .where('si.undone_at', 'is', null),
        ),
      ),
    );
  if (f.insurerId !== null) q = q.where('s.insurer_id', '=', f.insurerId);
  return q;
}

/** The agency's rate on a sale: the latest row of its insurer's schedule for the product effective on the sale's day. */
function rateOf(eb: ExpressionBuilder<Database & { s: Database['sales'] }, 's'>) {
  return eb
    .selectFrom('insurer_rates as r')
    .select('r.rate_hundredths')
    .whereRef('r.insurer_id', '=', 's.insurer_id')
    .whereRef('r.product', '=', 's.product')
    .whereRef('r.effective_from', '<=', 's.effective_date')
    .orderBy('r.effective_from', 'desc')
    .orderBy('r.id', 'desc')
    .limit(1);
}
