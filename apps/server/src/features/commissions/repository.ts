import { sql, type Kysely, type Transaction } from 'kysely';
import type { CommissionKind, HoldDecision, RateKind } from '@ahente/contract/commissions';
import type { PagePosition } from '@ahente/contract/paging';
import type { SaleVerification } from '@ahente/contract/sales';
import { nextMonth as nextMonthOf } from '@ahente/contract/dates';
import { quarterMonths, quarterOf } from '@ahente/contract/tax';
import { entryBucketSql, payableUnpostedSql } from '../../db/entry-bucket.ts';
import { hasRowLocks } from '../../db/locks.ts';
import type { CommissionEntriesTable, Database } from '../../db/schema.ts';

type Exec = Kysely<Database> | Transaction<Database>;
export type NewEntry = Omit<CommissionEntriesTable, 'id' | 'statement_id'>;
/** The ledger's filter: recorded date (inclusive; null: that end is open) and kind. */
export interface LedgerFilter {
  from: string | null;
  to: string | null;
  kind: CommissionKind | null;
}

/** An entry as the ledger shows it: with its sale, its seller's name and its statement's payment. */
export interface EntryRow {
  id: number;
  member_id: number;
  kind: CommissionKind;
  sale_id: number | null;
  seller_id: number | null;
  position: string | null;
  rule: string;
  rate_hundredths: number | null;
  base_centavos: number | null;
  amount_centavos: number;
  entry_date: string;
  period: string;
  statement_id: number | null;
  reason: string | null;
  created_at: string;
  customer_name: string | null;
  product: string | null;
  seller_f_name: string | null;
  seller_m_name: string | null;
  seller_l_name: string | null;
  paid_on: string | null;
  hold_reason: string | null;
  sale_verification: SaleVerification | null;
  rejection_reason: string | null;
  decision: HoldDecision | null;
  decision_reason: string | null;
  decided_at: string | null;
  decider_f_name: string | null;
  decider_m_name: string | null;
  decider_l_name: string | null;
  reverses_id: number | null;
  reverses_date: string | null;
}

const num = (v: unknown) => Number(v ?? 0);

function entriesQuery(db: Exec) {
  return db
    .selectFrom('commission_entries as e')
    .leftJoin('sales as s', 's.id', 'e.sale_id')
    .leftJoin('members as seller', 'seller.id', 'e.seller_id')
    .leftJoin('commission_statements as st', 'st.id', 'e.statement_id')
    .leftJoin('commission_entry_decisions as dec', 'dec.entry_id', 'e.id')
    .leftJoin('members as decider', 'decider.id', 'dec.decided_by')
    .leftJoin('commission_entries as reversed', 'reversed.id', 'e.reverses_id')
    .select([
      'e.id',
      'e.member_id',
      'e.kind',
      'e.sale_id',
      'e.seller_id',
      'e.position',
      'e.rule',
      'e.rate_hundredths',
      'e.base_centavos',
      'e.amount_centavos',
      'e.entry_date',
      'e.period',
      'e.statement_id',
      'e.reason',
      'e.created_at',
      's.customer_name',
      's.product',
      'seller.f_name as seller_f_name',
      'seller.m_name as seller_m_name',
      'seller.l_name as seller_l_name',
      'st.paid_on',
      'e.hold_reason',
      's.verification as sale_verification',
      's.rejection_reason',
      'dec.decision',
      'dec.reason as decision_reason',
      'dec.decided_at',
      'decider.f_name as decider_f_name',
      'decider.m_name as decider_m_name',
      'decider.l_name as decider_l_name',
      'e.reverses_id',
      'reversed.entry_date as reverses_date',
    ]);
}

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

export const commissionsRepository = {
  // ------------------------------------------------------------ rates

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

  // ------------------------------------------------------------ periods

  /**
   * The row of month `period`, made if missing, and locked until the transaction ends: shared for
   * a writer of entries, exclusive for a close (PostgreSQL; SQLite runs transactions one at a
   * time). A close therefore waits for every entry being written into its month, and an entry
   * written after a close sees the month closed.
   */
  async lockPeriod(db: Exec, period: string, mode: 'share' | 'update') {
    await db
      .insertInto('commission_periods')
      .values({ period, closed_at: null, closed_by: null })
      .onConflict((oc) => oc.column('period').doNothing())
      .execute();
    const query = db.selectFrom('commission_periods').select(['period', 'closed_at']).where('period', '=', period);
    const locked = hasRowLocks(db) ? (mode === 'share' ? query.forShare() : query.forUpdate()) : query;
    return locked.executeTakeFirstOrThrow();
  },

  async isClosed(db: Exec, period: string): Promise<boolean> {
    const row = await db.selectFrom('commission_periods').select('closed_at').where('period', '=', period).executeTakeFirst();
    return row?.closed_at != null;
  },

  markPeriodClosed(db: Exec, period: string, at: string, by: number) {
    return db.updateTable('commission_periods').set({ closed_at: at, closed_by: by }).where('period', '=', period).execute();
  },

  /** The day (ISO timestamp) the first sale was recorded, or null: the periods list starts at its month at the latest. */
  async firstSaleAt(db: Exec): Promise<string | null> {
    const row = await db.selectFrom('sales').select('createdat').orderBy('id').limit(1).executeTakeFirst();
    return row?.createdat ?? null;
  },

  /** Every month with entries, statements or a close, newest first, with what admins need to see. */
  async periods(db: Exec) {
    const periods = await db
      .selectFrom('commission_periods as p')
      .leftJoin('members as m', 'm.id', 'p.closed_by')
      .select(['p.period', 'p.closed_at', 'm.f_name', 'm.m_name', 'm.l_name'])
      .orderBy('p.period', 'desc')
      .execute();
    const open = await db
      .selectFrom('commission_entries')
      .select(['period', sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(amount_centavos), 0)`.as('total')])
      .where(payableUnpostedSql)
      .groupBy('period')
      .execute();
    const statements = await db
      .selectFrom('commission_statements')
      .select([
        'period',
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(gross_centavos), 0)`.as('gross'),
        sql<number>`coalesce(sum(withholding_centavos), 0)`.as('tax'),
        sql<number>`coalesce(sum(case when carried = 0 then net_centavos else 0 end), 0)`.as('to_pay'),
        sql<number>`coalesce(sum(brought_forward_centavos), 0)`.as('brought_forward'),
        sql<number>`coalesce(sum(net_centavos), 0)`.as('net'),
        sql<number>`coalesce(sum(case when carried = 1 then net_centavos else 0 end), 0)`.as('carried_net'),
        sql<number>`coalesce(sum(carried), 0)`.as('carried'),
        sql<number>`coalesce(sum(case when paid_on is null then 0 else 1 end), 0)`.as('paid'),
        sql<number>`coalesce(sum(case when carried = 0 and paid_on is null then 1 else 0 end), 0)`.as('unpaid'),
      ])
      .groupBy('period')
      .execute();
    // Payable entries left in a closed month (verified or released after its close) are posted by the
    // close of the first open month after it: they are shown there.
    const openBy = new Map<string, { n: number; total: number }>();
    const ascending = [...periods].reverse();
    for (const r of open) {
      const target = ascending.find((p) => p.period >= r.period && p.closed_at === null)?.period ?? r.period;
      const o = openBy.get(target) ?? { n: 0, total: 0 };
      openBy.set(target, { n: o.n + num(r.n), total: o.total + num(r.total) });
    }
    const stBy = new Map(statements.map((r) => [r.period, r]));
    return periods.map((p) => {
      const o = openBy.get(p.period);
      const s = stBy.get(p.period);
      return {
        ...p,
        open_entries: num(o?.n),
        open_total: num(o?.total),
        statements: num(s?.n),
        statements_gross: num(s?.gross),
        statements_tax: num(s?.tax),
        statements_to_pay: num(s?.to_pay),
        statements_brought_forward: num(s?.brought_forward),
        statements_net: num(s?.net),
        carried_net: num(s?.carried_net),
        carried: num(s?.carried),
        paid: num(s?.paid),
        unpaid: num(s?.unpaid),
      };
    });
  },

  // ------------------------------------------------------------ entries

  async insertEntries(db: Exec, rows: NewEntry[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const ids = await db.insertInto('commission_entries').values(rows).returning('id').execute();
    return ids.map((r) => r.id);
  },

  entriesByIds(db: Exec, ids: number[]): Promise<EntryRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return entriesQuery(db).where('e.id', 'in', ids).orderBy('e.id').execute() as Promise<EntryRow[]>;
  },

  /**
   * A member's entries, newest recorded first, by recorded date (inclusive) and kind; with a page,
   * at most `page.limit` of them after the entry at `page.after` (keyset paging, decision 036: the
   * index commission_entries_member_date_idx walks straight to it).
   */
  ledger(
    db: Exec,
    memberId: number,
    filter: LedgerFilter,
    page: { after: PagePosition | null; limit: number } | null = null,
  ): Promise<EntryRow[]> {
    return entriesQuery(db)
      .where('e.member_id', '=', memberId)
      .$if(filter.from !== null, (q) => q.where('e.entry_date', '>=', filter.from!))
      .$if(filter.to !== null, (q) => q.where('e.entry_date', '<=', filter.to!))
      .$if(filter.kind !== null, (q) => q.where('e.kind', '=', filter.kind!))
      .$if(page?.after != null, (q) =>
        q.where((eb) => eb(eb.refTuple('e.entry_date', 'e.id'), '<', eb.tuple(page!.after!.date, page!.after!.id))),
      )
      .orderBy('e.entry_date', 'desc')
      .orderBy('e.id', 'desc')
      .$if(page !== null, (q) => q.limit(page!.limit))
      .execute() as Promise<EntryRow[]>;
  },

  /**
   * The ledger's totals over the whole filter in one aggregate query (decision 036): how many
   * entries, their sum, and their sums by what they count as (entryBucketSql), all in centavos.
   */
  async ledgerTotals(
    db: Exec,
    memberId: number,
    filter: LedgerFilter,
  ): Promise<{ count: number; total: number; payable: number; awaiting: number; held: number; forfeited: number }> {
    const rows = await db
      .selectFrom('commission_entries as e')
      .leftJoin('sales as s', 's.id', 'e.sale_id')
      .leftJoin('commission_entry_decisions as dec', 'dec.entry_id', 'e.id')
      .select([
        entryBucketSql.as('bucket'),
        sql<number | string>`count(*)`.as('n'),
        sql<number | string>`sum(e.amount_centavos)`.as('amount'),
      ])
      .where('e.member_id', '=', memberId)
      .$if(filter.from !== null, (q) => q.where('e.entry_date', '>=', filter.from!))
      .$if(filter.to !== null, (q) => q.where('e.entry_date', '<=', filter.to!))
      .$if(filter.kind !== null, (q) => q.where('e.kind', '=', filter.kind!))
      .groupBy(entryBucketSql)
      .execute();
    const of = (bucket: string) => num(rows.find((r) => r.bucket === bucket)?.amount);
    return {
      count: rows.reduce((n, r) => n + num(r.n), 0),
      total: rows.reduce((n, r) => n + num(r.amount), 0),
      payable: of('payable'),
      awaiting: of('awaiting'),
      held: of('held'),
      forfeited: of('forfeited'),
    };
  },

  /** A statement's entries in the order they were recorded. */
  statementEntries(db: Exec, statementId: number): Promise<EntryRow[]> {
    return entriesQuery(db).where('e.statement_id', '=', statementId).orderBy('e.entry_date').orderBy('e.id').execute() as Promise<
      EntryRow[]
    >;
  },

  /** Every adjustment with whose it is and who made it, newest first. */
  adjustments(db: Exec) {
    return entriesQuery(db)
      .innerJoin('members as owner', 'owner.id', 'e.member_id')
      .leftJoin('members as admin', 'admin.id', 'e.created_by')
      .select([
        'owner.f_name as owner_f_name',
        'owner.m_name as owner_m_name',
        'owner.l_name as owner_l_name',
        'admin.f_name as admin_f_name',
        'admin.m_name as admin_m_name',
        'admin.l_name as admin_l_name',
      ])
      .where('e.kind', '=', 'adjustment')
      .orderBy('e.id', 'desc')
      .execute();
  },

  /**
   * A member's totals by what each entry counts as (decision 018): payable recorded from monthStart
   * up to (not including) nextMonthStart, awaiting verification, held, and never to be paid.
   * `memberId` null: every member's (the admin's dashboard: the agency's commissions earned this
   * month, decision 021). Pending and Paid to Date are the statements' (summary-repository.ts, issue 43 §1).
   */
  async summary(db: Exec, memberId: number | null, monthStart: string, nextMonthStart: string) {
    const rows = await db
      .selectFrom('commission_entries as e')
      .leftJoin('sales as s', 's.id', 'e.sale_id')
      .leftJoin('commission_entry_decisions as dec', 'dec.entry_id', 'e.id')
      .select([
        entryBucketSql.as('bucket'),
        sql<number>`coalesce(sum(case when e.entry_date >= ${monthStart} and e.entry_date < ${nextMonthStart} then e.amount_centavos else 0 end), 0)`.as(
          'month',
        ),
        sql<number>`coalesce(sum(e.amount_centavos), 0)`.as('amount'),
      ])
      .$if(memberId !== null, (q) => q.where('e.member_id', '=', memberId!))
      .groupBy(entryBucketSql)
      .execute();
    const of = (bucket: string) => rows.find((r) => r.bucket === bucket);
    return {
      month: num(of('payable')?.month),
      awaiting: num(of('awaiting')?.amount),
      held: num(of('held')?.amount),
      forfeited: num(of('forfeited')?.amount),
    };
  },

  /**
   * The entry, locked until the transaction ends (PostgreSQL), with its sale's product and any
   * decision on it. Its sale's row is locked first: a cancellation locks the sale before it reads
   * the entries it reverses (sales/service.ts), so a decision and a cancellation of one sale run one
   * after the other, in one order (sale, then entry), and each sees what the other wrote (issue 42
   * §1: a release the cancellation could not see left the reversal held, never to be decided).
   */
  async lockEntry(db: Exec, id: number) {
    if (hasRowLocks(db)) {
      const owner = await db.selectFrom('commission_entries').select('sale_id').where('id', '=', id).executeTakeFirst();
      if (owner?.sale_id != null) await db.selectFrom('sales').select('id').where('id', '=', owner.sale_id).forUpdate().execute();
    }
    const query = db
      .selectFrom('commission_entries as e')
      .leftJoin('sales as s', 's.id', 'e.sale_id')
      .leftJoin('commission_entry_decisions as dec', 'dec.entry_id', 'e.id')
      .select([
        'e.id',
        'e.member_id',
        'e.kind',
        'e.sale_id',
        'e.seller_id',
        'e.entry_date',
        'e.hold_reason',
        'e.reverses_id',
        's.product',
        's.customer_name',
        'dec.decision',
      ])
      .where('e.id', '=', id);
    return (hasRowLocks(db) ? query.forUpdate('e') : query).executeTakeFirst();
  },

  /** The reversal of an entry, if it has one (issue 21): a decision on a held entry applies to its reversal too. */
  async reversalOf(db: Exec, entryId: number): Promise<number | null> {
    const row = await db.selectFrom('commission_entries').select('id').where('reverses_id', '=', entryId).executeTakeFirst();
    return row?.id ?? null;
  },

  /**
   * The entries a cancellation reverses: the sale's own and override entries (not reversals), with
   * any decision on a hold.
   */
  entriesToReverse(db: Exec, saleId: number) {
    return db
      .selectFrom('commission_entries as e')
      .leftJoin('commission_entry_decisions as dec', 'dec.entry_id', 'e.id')
      .select([
        'e.id',
        'e.member_id',
        'e.kind',
        'e.seller_id',
        'e.position',
        'e.rule',
        'e.amount_centavos',
        'e.period',
        'e.hold_reason',
        'dec.decision',
      ])
      .where('e.sale_id', '=', saleId)
      .where('e.kind', 'in', ['sale', 'override'])
      .orderBy('e.id')
      .execute();
  },

  /** The one decision on a held entry; its primary key refuses a second (a unique violation). */
  insertDecision(
    db: Exec,
    row: { entry_id: number; decision: HoldDecision; reason: string | null; decided_by: number; decided_at: string },
  ) {
    return db.insertInto('commission_entry_decisions').values(row).execute();
  },

  // ------------------------------------------------------------ closing and statements

  /**
   * The months whose unposted entries the close of `period` posts: the month itself, and the
   * closed months right before it (down to the first open one), whose entries were verified or
   * released after their own close (decision 018).
   */
  async monthsPostedBy(db: Exec, period: string): Promise<string[]> {
    const rows = await db
      .selectFrom('commission_periods')
      .select(['period', 'closed_at'])
      .where('period', '<', period)
      .orderBy('period', 'desc')
      .execute();
    const months = [period];
    for (const r of rows) {
      if (r.closed_at === null) break;
      months.push(r.period);
    }
    return months;
  },

  /**
   * Posts the payable unposted entries of `months` to one statement per member for `period`, in the
   * database: the rows never pass through this process, so closing 300,000 entries takes no more
   * memory than 3. A sale verified or an entry released while the close runs (PostgreSQL, read
   * committed) may be seen by the UPDATE and not by the INSERT: when the UPDATE posted more entries
   * than the statements count, each statement's gross and count are taken again from the entries
   * posted to it, so they always agree.
   *
   * Then, per statement (issue 21, decision 019): brought forward is the net of the member's carried
   * statement not yet brought forward (at most one: each statement brings forward the one before,
   * and the unique index on brought_forward_from lets it happen once); the withholding rate is the
   * member's rate on the month's last day (5 % when none is on record) with its ATC; the tax is the
   * rate of a positive gross, half up; net = brought forward + gross − tax; a net below the minimum
   * payout, or below zero, is carried.
   */
  async postPeriod(
    db: Exec,
    period: string,
    months: string[],
    now: string,
    settings: { minimumCentavos: number; atc5: string; atc10: string; defaultRateHundredths: number },
  ): Promise<{ statements: number; entries: number; gross: number; tax: number; toPay: number; carried: number }> {
    const unposted = sql<boolean>`commission_entries.period in (${sql.join(months)}) and ${payableUnpostedSql}`;
    const monthEnd = `${nextMonthOf(period)}-01`;
    const carriedOf = sql`(select p.id from commission_statements p
      where p.member_id = commission_entries.member_id and p.carried = 1
      and not exists (select 1 from commission_statements q where q.brought_forward_from = p.id)
      order by p.period desc limit 1)`;
    await db
      .insertInto('commission_statements')
      .columns([
        'member_id',
        'period',
        'gross_centavos',
        'entry_count',
        'created_at',
        'brought_forward_from',
        'withholding_rate_hundredths',
      ])
      .expression(
        db
          .selectFrom('commission_entries')
          .select([
            'member_id',
            sql<string>`${period}`.as('period'),
            sql<number>`sum(amount_centavos)`.as('gross_centavos'),
            sql<number>`count(*)`.as('entry_count'),
            sql<string>`${now}`.as('created_at'),
            sql<number | null>`${carriedOf}`.as('brought_forward_from'),
            sql<number>`coalesce((select w.rate_hundredths from member_withholding w
              where w.member_id = commission_entries.member_id and w.effective_from < ${monthEnd}
              order by w.effective_from desc, w.id desc limit 1), ${settings.defaultRateHundredths})`.as('withholding_rate_hundredths'),
          ])
          .where(unposted)
          .groupBy('member_id'),
      )
      .execute();
    // PostgreSQL caches, per connection, the plan of the foreign-key check on statement_id; made
    // while the table was small it scans it once per entry (seconds for 30,000 entries, bench
    // finding). Fresh statistics before the UPDATE give it the index (decision 016).
    if (hasRowLocks(db)) await sql`analyze commission_statements`.execute(db);
    const updated = await db
      .updateTable('commission_entries')
      .set({
        statement_id: (eb) =>
          eb
            .selectFrom('commission_statements as st')
            .select('st.id')
            .whereRef('st.member_id', '=', 'commission_entries.member_id')
            .where('st.period', '=', period),
      })
      .where(unposted)
      .where('member_id', 'in', db.selectFrom('commission_statements').select('member_id').where('period', '=', period))
      .executeTakeFirst();
    // Entries only become payable, never stop being (a rejection or a forfeit applies to entries
    // that are not payable), so the UPDATE posts each statement's INSERT-time entries and maybe
    // more: the counts agree exactly when nothing was verified or released between the two.
    const inserted = await db
      .selectFrom('commission_statements')
      .select(sql<number>`coalesce(sum(entry_count), 0)`.as('n'))
      .where('period', '=', period)
      .executeTakeFirstOrThrow();
    if (Number(updated.numUpdatedRows) !== num(inserted.n)) {
      await db
        .updateTable('commission_statements')
        .set({
          gross_centavos: sql`(select coalesce(sum(e.amount_centavos), 0) from commission_entries e where e.statement_id = commission_statements.id)`,
          entry_count: sql`(select count(*) from commission_entries e where e.statement_id = commission_statements.id)`,
        })
        .where('period', '=', period)
        .execute();
    }
    // The money of each statement, from its gross, its rate and the balance it brings forward.
    const tax = sql<number>`(case when gross_centavos > 0 then (gross_centavos * withholding_rate_hundredths + 5000) / 10000 else 0 end)`;
    const bf = sql<number>`coalesce((select p.net_centavos from commission_statements p where p.id = commission_statements.brought_forward_from), 0)`;
    await db
      .updateTable('commission_statements')
      .set({
        brought_forward_centavos: bf,
        withholding_centavos: tax,
        net_centavos: sql`${bf} + gross_centavos - ${tax}`,
        carried: sql`(case when ${bf} + gross_centavos - ${tax} < ${settings.minimumCentavos} or ${bf} + gross_centavos - ${tax} < 0 then 1 else 0 end)`,
        atc: sql`(case when withholding_rate_hundredths = 1000 then ${settings.atc10} else ${settings.atc5} end)`,
      })
      .where('period', '=', period)
      .execute();
    const row = await db
      .selectFrom('commission_statements')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(entry_count), 0)`.as('entries'),
        sql<number>`coalesce(sum(gross_centavos), 0)`.as('gross'),
        sql<number>`coalesce(sum(withholding_centavos), 0)`.as('tax'),
        sql<number>`coalesce(sum(case when carried = 0 then net_centavos else 0 end), 0)`.as('to_pay'),
        sql<number>`coalesce(sum(carried), 0)`.as('carried'),
      ])
      .where('period', '=', period)
      .executeTakeFirstOrThrow();
    return {
      statements: num(row.n),
      entries: num(row.entries),
      gross: num(row.gross),
      tax: num(row.tax),
      toPay: num(row.to_pay),
      carried: num(row.carried),
    };
  },

  /** The earners with a statement of `period` (a query for notifications.notifyMany, not run here). */
  statementEarners(db: Exec, period: string) {
    return db.selectFrom('commission_statements').select('member_id').where('period', '=', period);
  },

  /**
   * The quarter of `period` when its withholding is final: its last month is closed and none of its
   * months is open (a month without a row had no entries and has nothing to close). Else null.
   */
  async quarterClosedBy(db: Exec, period: string): Promise<{ year: number; quarter: number } | null> {
    const { year, quarter } = quarterOf(period);
    const months = quarterMonths(year, quarter);
    const rows = await db.selectFrom('commission_periods').select(['period', 'closed_at']).where('period', 'in', months).execute();
    const last = rows.find((r) => r.period === months[2]);
    if (!last || last.closed_at === null || rows.some((r) => r.closed_at === null)) return null;
    return { year, quarter };
  },

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
