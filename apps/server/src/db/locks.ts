import { PostgresAdapter } from 'kysely';

/**
 * Whether the database has row locks (`SELECT … FOR UPDATE`): PostgreSQL does. SQLite has none
 * and needs none: its transactions run one at a time (one connection, Kysely's mutex), so a read
 * inside one cannot go stale before it commits.
 */
export function hasRowLocks(db: { getExecutor(): { readonly adapter: object } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
