import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { DEFAULT_POOL_SIZE } from '../config.ts';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL schema in use when not the default one. */
  schema?: string;
  /** PostgreSQL: how long queries waited for one of the pool's connections, since the start. */
  poolWaits?: () => PoolWaits;
  close(): Promise<void>;
}

/** Upper bounds (ms) of the pool-wait histogram's buckets; the last bucket holds the rest. */
export const POOL_WAIT_BUCKETS_MS = [0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] as const;

/** Cumulative counters of the pool's waits (decision 035): cheap enough to keep on always. */
export interface PoolWaits {
  /** Connections handed out. */
  acquired: number;
  totalMs: number;
  maxMs: number;
  /** How long the connections handed out were held, from hand-out to release (ms, in all). */
  heldMs: number;
  /** Counts per bucket of POOL_WAIT_BUCKETS_MS, plus one for longer waits. */
  buckets: number[];
  /** The pool's size and, now, its queue. */
  size: number;
  waitingNow: number;
}

function countPoolWaits(pool: pg.Pool, size: number): () => PoolWaits {
  const waits: PoolWaits = {
    acquired: 0,
    totalMs: 0,
    maxMs: 0,
    heldMs: 0,
    buckets: POOL_WAIT_BUCKETS_MS.map(() => 0).concat(0),
    size,
    waitingNow: 0,
  };
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  // Kysely's driver asks for a connection with the promise form only.
  (pool as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const started = performance.now();
    const client = await connect();
    const ms = performance.now() - started;
    waits.acquired += 1;
    waits.totalMs += ms;
    if (ms > waits.maxMs) waits.maxMs = ms;
    let bucket = POOL_WAIT_BUCKETS_MS.findIndex((bound) => ms <= bound);
    if (bucket < 0) bucket = POOL_WAIT_BUCKETS_MS.length;
    waits.buckets[bucket]! += 1;
    // And how long it is held: its statements' round trips, and the event loop's turns between them.
    // pg-pool gives each hand-out its own release.
    const release = client.release.bind(client);
    const heldFrom = performance.now();
    client.release = (err?: Error | boolean) => {
      waits.heldMs += performance.now() - heldFrom;
      return release(err);
    };
    return client;
  };
  return () => ({ ...waits, buckets: [...waits.buckets], waitingNow: pool.waitingCount });
}

// int8 (COUNT, SUM of bigint) as numbers: centavo sums stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * PostgreSQL as Kysely speaks it, but for the migration lock. Kysely's Migrator takes a
 * session-level `pg_advisory_lock` on one connection, then migrates in a transaction, then
 * unlocks: behind PgBouncer's transaction pooling the three may land on different server
 * connections, the unlock fails and the lock stays with a server connection, so the next migration
 * waits for it (an hour, Kysely's lock_timeout). migrate.ts holds a transaction-scoped advisory lock
 * around the whole Migrator instead (db/locks.ts, decision 032); these two do nothing.
 */
class TransactionLockPostgresAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

class AhentePostgresDialect extends PostgresDialect {
  override createAdapter() {
    return new TransactionLockPostgresAdapter();
  }
}

/** How many statement texts get a name, per process (texts past it run unnamed, as before). */
export const PREPARED_NAMES_MAX = 2_000;

/**
 * PostgreSQL plans each of Ahente's statements once per connection instead of at every call: each
 * statement with parameters is sent as a named prepared statement (node-postgres prepares a name on
 * a connection the first time it is used there, then only binds and executes it). Under the load
 * test, planning took 13.7 s of PostgreSQL's CPU against 3.9 s of executing (the session lookup
 * 0.33 ms to plan, 0.05 ms to run; the sales page's query 3.1 ms to plan, 0.09 to run), on the two
 * cores Node shares with it (decision 035).
 *
 * - The same text gets the same name in every connection; the first PREPARED_NAMES_MAX texts are
 *   named, the rest run as before (a text with literal values would otherwise grow the list).
 * - Only statements with parameters: one without is sent as a simple query, as before, where a
 *   migration's several statements in one text are allowed (a prepared statement holds one).
 * - A schema change by another instance (a rolling upgrade's migration) can make PostgreSQL refuse
 *   a prepared statement whose result columns changed (`cached plan must not change result type`,
 *   SQLSTATE 0A000): that one call fails, and every name is replaced so that each connection
 *   prepares the statements again.
 * - Off with DATABASE_PREPARED_STATEMENTS=false: behind PgBouncer before 1.21 in transaction
 *   pooling (the scale test's), a statement prepared on one server connection is unknown on the next.
 */
function prepareStatements(pool: pg.Pool): void {
  let names = new Map<string, string>();
  let generation = 0;
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < PREPARED_NAMES_MAX) {
      name = `ahente_${generation}_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (first: unknown, values?: unknown, callback?: unknown) => {
      if (typeof first !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined) {
        return query(first, values, callback);
      }
      const name = nameOf(first);
      if (name === undefined) return query(first, values);
      return (query({ name, text: first, values }) as Promise<unknown>).catch((err: { code?: string; message?: string }) => {
        if (err?.code === '0A000' && /cached plan/.test(err.message ?? '')) {
          generation += 1;
          names = new Map();
        }
        throw err;
      });
    };
  });
}

/** How many prepared statements the SQLite connection keeps (the app has a few hundred distinct ones). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite connection as Kysely sees it, with its prepared statements kept by their text.
 * Kysely's SQLite driver prepares every statement again at every call: 0.2–0.3 ms of a getdeals
 * request's CPU (decision 035). A statement is only used by one query at a time (Kysely's SQLite
 * driver holds a mutex on its one connection and never streams here), SQLite prepares a statement
 * again by itself when a migration changes the schema, and the least recently used statement goes
 * once the cache is full (texts with lists of `?` of every length would otherwise grow it).
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql); // to the end: most recently used
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/** Read and write for the owner only, like a backup (decision 027). */
const OWNER_ONLY = 0o600;

/**
 * The SQLite file holds every member's personal data: it is created readable by its owner only
 * (0600), not SQLite's 0644, and a file left wider by an older start is narrowed, with its WAL and
 * shared-memory files. SQLite creates `-wal` and `-shm` with the database file's own mode, so they
 * follow. A file of another owner is left as it is (chmod would fail; its owner decides).
 */
function ownerOnly(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', OWNER_ONLY));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    const stat = fs.statSync(f, { throwIfNoEntry: false });
    if (stat && (stat.mode & 0o777) !== OWNER_ONLY && stat.uid === process.getuid?.()) fs.chmodSync(f, OWNER_ONLY);
  }
}

/**
 * `sqlite:./data/ahente.db`, `sqlite::memory:` or `postgres://…`. For PostgreSQL a `schema`
 * search-path may be given (tests run each in a fresh schema).
 */
export function connect(url: string, options: { schema?: string; poolSize?: number; preparedStatements?: boolean } = {}): Db {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const size = options.poolSize ?? DEFAULT_POOL_SIZE;
    const pool = new pg.Pool({
      connectionString: url,
      max: size,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    if (options.preparedStatements ?? true) prepareStatements(pool);
    // An idle client dropped by the server (restart, failover, admin) must not crash the process:
    // the pool discards it and the next query opens a new connection.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const poolWaits = countPoolWaits(pool, size);
    const db = new Kysely<Database>({ dialect: new AhentePostgresDialect({ pool }) });
    return { db, dialect: 'postgres', ...(options.schema ? { schema: options.schema } : {}), poolWaits, close: () => db.destroy() };
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') {
      fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      ownerOnly(file);
    }
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    // Deleted and overwritten content is zeroed, in its page and on the free list, so an erased
    // member's values do not linger in the file (decision 027; the erasure checkpoints the WAL).
    sqlite.pragma('secure_delete = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  throw new Error('DATABASE_URL must start with sqlite: or postgres://');
}
