import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Whether the database has row locks (`SELECT … FOR UPDATE`): PostgreSQL does. SQLite has none
 * and needs none: its transactions run one at a time (one connection, Kysely's mutex), so a read
 * inside one cannot go stale before it commits.
 */
export function hasRowLocks(db: { getExecutor(): { readonly adapter: object } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The first key of Ahente's advisory locks (`pg_advisory_xact_lock(int4, int4)`): "Ahen". */
const LOCK_CLASS = 0x4168656e;

/** SQLite's locks: the last work queued per database and lock name. */
const inProcess = new WeakMap<object, Map<LockName, Promise<unknown>>>();

/** The work that must run on one instance at a time (decision 032). */
export type LockName = 'migrations' | 'first-admin';

/**
 * Runs `work` while holding a PostgreSQL advisory lock named `name` (decision 032): other
 * instances asking for the same lock wait until `work` ends, then run theirs (and find it done).
 * The lock is transaction-scoped (`pg_advisory_xact_lock`), held by a transaction opened for it
 * and ended when `work` ends, so it works behind PgBouncer's transaction pooling (a session lock
 * taken there may be held by a server connection another client gets next, and released from a
 * third that does not own it) and goes with the connection if the process dies. `work` runs on
 * the other connections of the pool, not in that transaction. The second key is the lock's name
 * with the current schema, so two schemas of one database (the tests') do not wait for each other.
 * On SQLite, one process: the lock is a queue in the process, per database and name.
 */
export async function withAdvisoryLock<DB, T>(db: Kysely<DB>, name: LockName, work: () => Promise<T>): Promise<T> {
  if (!hasRowLocks(db)) {
    const queues = inProcess.get(db) ?? new Map<LockName, Promise<unknown>>();
    inProcess.set(db, queues);
    const turn = (queues.get(name) ?? Promise.resolve()).then(work, work);
    queues.set(
      name,
      turn.catch(() => undefined),
    );
    return turn;
  }
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(LOCK_CLASS)}, hashtext(current_schema() || ${`:${name}`}))`.execute(trx);
    return work();
  });
}
