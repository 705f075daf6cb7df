import { sql } from 'kysely';

/**
 * What a commission entry's amount counts as, in SQL (decision 018), the same rule as the
 * contract's `entryBucket(status)`: 'payable' (posted, or payable by the next close), 'awaiting'
 * (its sale not verified yet), 'held' (no licence on the day, not released) or 'forfeited' (a held
 * entry forfeited, or its sale rejected). Written once here for every repository that sums
 * entries: the ledger's summary, the statements, the Compliance page's earnings.
 *
 * Over the aliases `e` (commission_entries), `s` (sales, left joined on e.sale_id) and `dec`
 * (commission_entry_decisions, left joined on e.id).
 */
export const entryBucketSql = sql<'payable' | 'awaiting' | 'held' | 'forfeited'>`case
  when e.statement_id is not null then 'payable'
  when s.verification = 'rejected' then 'forfeited'
  when dec.decision = 'forfeited' then 'forfeited'
  when e.hold_reason is not null and dec.decision is null then 'held'
  when e.sale_id is not null and s.verification <> 'verified' then 'awaiting'
  else 'payable' end`;

/**
 * An unposted entry the next close may post, over `commission_entries` unaliased (the close's
 * UPDATE cannot alias its table on both databases): the same rule as entryBucketSql's 'payable'
 * for an entry with no statement.
 */
export const payableUnpostedSql = sql<boolean>`(
  commission_entries.statement_id is null
  and (commission_entries.sale_id is null or exists (
    select 1 from sales where sales.id = commission_entries.sale_id and sales.verification = 'verified'))
  and (commission_entries.hold_reason is null or exists (
    select 1 from commission_entry_decisions d where d.entry_id = commission_entries.id and d.decision = 'released'))
)`;
