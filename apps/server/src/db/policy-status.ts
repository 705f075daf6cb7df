import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { addDays } from '@ahente/contract/dates';
import { POLICY_DUE_DAYS, type PolicyStatus } from '@ahente/contract/portfolio';

/**
 * A policy's status, derived, never stored (decision 025), in SQL: the one definition the
 * Portfolio, its counts, the dashboard's "Renewals due", the retention figure and the daily
 * reminders all use. A policy is a sale that was not rejected (a rejected sale was never a
 * policy). `alias` is the sales table's name in the query, `today` the day in Manila.
 *
 * - cancelled: the sale was cancelled;
 * - renewed: a later sale, counted (neither rejected nor cancelled), renews it;
 * - lapsed: expired (expiry before today), not renewed;
 * - due: expires within POLICY_DUE_DAYS days (today included), not renewed;
 * - in force: otherwise (a Memorial Plan, without an expiry, stays in force).
 *
 * `policyStatusSql` is the status as a value; `policyStatusIsSql` the same rule as a condition
 * per status (what a filter or an index range needs); the tests hold the two to each other.
 */
export function policyStatusSql(alias: string, today: string): RawBuilder<PolicyStatus> {
  const s = (c: string) => sql.ref(`${alias}.${c}`);
  const dueBy = addDays(today, POLICY_DUE_DAYS);
  return sql<PolicyStatus>`case
    when ${s('cancelled_on')} is not null then 'cancelled'
    when ${renewedSql(alias)} then 'renewed'
    when ${s('expiry_date')} is null then 'in force'
    when ${s('expiry_date')} < ${today} then 'lapsed'
    when ${s('expiry_date')} <= ${dueBy} then 'due'
    else 'in force' end`;
}

/**
 * Whether a counted later sale renews the policy `alias`: its `renewed_by_sale_id`, which the
 * sales service keeps in the transaction that makes, rejects or cancels a renewal sale (a sale
 * with renews_sale_id). The same as `exists (select 1 from sales r where r.renews_sale_id = id and
 * r.verification <> 'rejected' and r.cancelled_on is null)`, read from the policy's own row (and
 * from the book's indexes, migration 013) instead of one lookup per policy: the Portfolio's counts
 * over an agency's 300,000 policies took seconds with that lookup (bench/README.md, "Portfolio").
 */
export function renewedSql(alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.renewed_by_sale_id`)} is not null)`;
}

/** A sale that is a policy of the book: every sale but a rejected one. */
export const isPolicySql = (alias: string): RawBuilder<SqlBool> => sql<SqlBool>`${sql.ref(`${alias}.verification`)} <> 'rejected'`;

/**
 * The three kinds of policy the book's partial indexes hold (migration 013), written with exactly
 * their terms (a database uses a partial index only when a query states its terms): open (neither
 * cancelled nor renewed: in force, due or lapsed by the expiry), renewed, cancelled. With
 * isPolicySql beside them.
 */
export function policyKindSql(alias: string, kind: 'open' | 'renewed' | 'cancelled'): RawBuilder<SqlBool> {
  const s = (c: string) => sql.ref(`${alias}.${c}`);
  if (kind === 'cancelled') return sql<SqlBool>`${s('cancelled_on')} is not null`;
  return sql<SqlBool>`${s('cancelled_on')} is null and ${s('renewed_by_sale_id')} ${kind === 'open' ? sql`is null` : sql`is not null`}`;
}

/**
 * Whether policy `alias` has `status` on `today`: policyStatusSql's rule written as a condition on
 * the columns (policyKindSql, then the expiry), so that a query for one status reads one range of
 * one of the book's indexes.
 */
export function policyStatusIsSql(alias: string, status: PolicyStatus, today: string): RawBuilder<SqlBool> {
  const expiry = sql.ref(`${alias}.expiry_date`);
  if (status === 'cancelled' || status === 'renewed') return sql<SqlBool>`(${policyKindSql(alias, status)})`;
  const open = policyKindSql(alias, 'open');
  const dueBy = addDays(today, POLICY_DUE_DAYS);
  if (status === 'lapsed') return sql<SqlBool>`(${open} and ${expiry} < ${today})`;
  if (status === 'due') return sql<SqlBool>`(${open} and ${expiry} >= ${today} and ${expiry} <= ${dueBy})`;
  return sql<SqlBool>`(${open} and (${expiry} is null or ${expiry} > ${dueBy}))`;
}
