import { PostgresAdapter, type Kysely, type SelectQueryBuilder } from 'kysely';

/**
 * `FOR UPDATE` where the database has row locks (PostgreSQL). SQLite has none and needs none:
 * its transactions run one at a time (one connection, Kysely's mutex), so a read inside one
 * cannot go stale before it commits.
 */
export function forUpdate<DB, TB extends keyof DB, O>(db: Kysely<DB>, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
}
