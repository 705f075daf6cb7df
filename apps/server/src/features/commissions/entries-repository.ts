import { sql } from 'kysely';
import type { CommissionKind, HoldDecision } from '@ahente/contract/commissions';
import type { PagePosition } from '@ahente/contract/paging';
import { entryBucketSql } from '../../db/entry-bucket.ts';
import { hasRowLocks } from '../../db/locks.ts';
import type { CommissionEntriesTable } from '../../db/schema.ts';
import type { Exec } from '../../db/exec.ts';

export type NewEntry = Omit<CommissionEntriesTable, 'id' | 'statement_id'>;
/** The ledger's filter: recorded date (inclusive; null: that end is open) and kind. */
export interface LedgerFilter {
  from: string | null;
  to: string | null;
  kind: CommissionKind | null;
}

const num = (v: unknown) => Number(v ?? 0);

/** An entry as the ledger shows it: with its sale, its seller's name and its statement's payment. */
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

/** An entry as entriesQuery reads it: typed by the query itself, so the two cannot drift apart. */
export type EntryRow = Awaited<ReturnType<ReturnType<typeof entriesQuery>['execute']>>[number];

/** The ledger's entries: written with a sale, reversed with its cancellation, held and decided, adjusted, read and summed (decisions 016, 018). */
export const entriesRepository = {
  async insertEntries(db: Exec, rows: NewEntry[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const ids = await db.insertInto('commission_entries').values(rows).returning('id').execute();
    return ids.map((r) => r.id);
  },

  entriesByIds(db: Exec, ids: number[]): Promise<EntryRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return entriesQuery(db).where('e.id', 'in', ids).orderBy('e.id').execute();
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
      .execute();
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
    return entriesQuery(db).where('e.statement_id', '=', statementId).orderBy('e.entry_date').orderBy('e.id').execute();
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
   * month, decision 021). Pending and Paid to Date are the statements' (summary-repository.ts,
   * decision 019).
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
   * the entries it reverses (sales/service.ts), so a decision and a cancellation of one sale run
   * one after the other, in one order (sale, then entry), and each sees what the other wrote
   * (decision 019: a release the cancellation could not see left the reversal held, never to be
   * decided).
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

  /**
   * The reversal of an entry, if it has one (decision 019): a decision on a held entry applies to
   * its reversal too.
   */
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
};
