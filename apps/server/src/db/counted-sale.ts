import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Whether a sale counts in sales totals, reports, team figures, leaderboards and the dashboards, in
 * SQL: the same rule as the contract's `countsAsSale`. A rejected sale does not (its deal may be
 * sold again: decision 018), nor a cancelled one (decision 019). `alias` is the sales table's name
 * in the query ('sales', 's').
 */
export const countedSaleSql = (alias: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.ref(`${alias}.verification`)} <> 'rejected' and ${sql.ref(`${alias}.cancelled_on`)} is null)`;
