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

/** Whether a counted later sale renews the policy `alias` (uses sales_renews_sale_idx). */
export function renewedSql(alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from sales r where r.renews_sale_id = ${sql.ref(`${alias}.id`)}
    and r.verification <> 'rejected' and r.cancelled_on is null)`;
}

/** A sale that is a policy of the book: every sale but a rejected one. */
export const isPolicySql = (alias: string): RawBuilder<SqlBool> => sql<SqlBool>`${sql.ref(`${alias}.verification`)} <> 'rejected'`;
