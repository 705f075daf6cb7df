import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { createLocalDiskStorage, newStorageKey } from '../platform/storage.ts';
import { connect, type Db } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('database connection', () => {
  it('answers queries and reports healthy', async () => {
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(t.db.db);
    expect(Number(rows[0]!.one)).toBe(1);
    expect((await t.client().get('/api/health')).json()).toEqual({ ok: true });
  });

  // PostgreSQL only: SQLite is in-process and has no connection to lose.
  if (process.env.TEST_DIALECT === 'postgres') {
    it('survives PostgreSQL dropping an idle pooled connection', async () => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(t.db.db);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      await new Promise((r) => setTimeout(r, 200)); // let the pool see the idle client die
      const after = await t.client().get('/api/health');
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ ok: true });
    });

    /** The statements this connection has prepared whose text holds `marker`. */
    const preparedWith = (db: Db, marker: string) =>
      db.db.transaction().execute(async (trx) => {
        await sql`select ${marker}::text as marker, ${1}::int as one`.execute(trx);
        await sql`select ${marker}::text as marker, ${2}::int as one`.execute(trx);
        const { rows } = await sql<{
          name: string;
        }>`select name from pg_prepared_statements where statement like ${'%as marker, $2::int as one%'}`.execute(trx);
        return rows.map((r) => r.name);
      });

    it('prepares a statement with parameters once per connection, by one name; a text without any runs as a simple query', async () => {
      const names = await preparedWith(t.db, 'on');
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(/^ahente_\d+_\d+$/);
      // Several statements in one text, no parameters: allowed (a migration's), never prepared.
      await sql.raw('create temporary table if not exists prep_check (n int); drop table prep_check').execute(t.db.db);
      // And DATABASE_PREPARED_STATEMENTS=false: nothing prepared, the same answers (PgBouncer before 1.21).
      const unprepared = t.anotherPool({ preparedStatements: false });
      try {
        expect(await preparedWith(unprepared, 'off')).toEqual([]);
        const { rows } = await sql<{ one: number }>`select ${7}::int as one`.execute(unprepared.db);
        expect(rows).toEqual([{ one: 7 }]);
      } finally {
        await unprepared.close();
      }
    });
  }
});

// SQLite's prepared statements kept by their text (decision 035).
describe('the SQLite statement cache', () => {
  it('prepares a statement once, keeps the most recently used, and follows a change of the schema', async () => {
    const { default: SQLite } = await import('better-sqlite3');
    const { withStatementCache } = await import('./connect.ts');
    const raw = new SQLite(':memory:');
    let prepared = 0;
    const counting = Object.assign(Object.create(raw) as typeof raw, {
      prepare: (text: string) => {
        prepared++;
        return raw.prepare(text);
      },
    });
    const cache = withStatementCache(counting, 2);
    raw.exec('create table t (a integer)');
    const insert = cache.prepare('insert into t (a) values (?)');
    expect(cache.prepare('insert into t (a) values (?)')).toBe(insert);
    insert.run([1]);
    expect(prepared).toBe(1);

    cache.prepare('select a from t');
    cache.prepare('insert into t (a) values (?)'); // used again: the select is now the oldest
    cache.prepare('select count(*) as n from t'); // the cache is full: the select goes
    expect(prepared).toBe(3);
    cache.prepare('insert into t (a) values (?)');
    expect(prepared).toBe(3);
    cache.prepare('select a from t');
    expect(prepared).toBe(4);

    const all = cache.prepare('select * from t');
    expect(all.all([])).toEqual([{ a: 1 }]);
    raw.exec('alter table t add column b text');
    expect(cache.prepare('select * from t').all([])).toEqual([{ a: 1, b: null }]);
    cache.close();
  });
});

/**
 * The SQLite database holds every member's personal data (decision 027), so it and its WAL and
 * shared-memory files are readable by their owner only (0600), like backups; uploads stay 0640.
 * Whatever the dialect of the run: the file is SQLite's own.
 */
describe('the SQLite files at rest', () => {
  /** The permission bits in octal, as `ls -l` and chmod write them. */
  const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

  it('are created 0600 (database, WAL, shared memory) by a start, under the usual umask; an upload is 0640', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-modes-'));
    const previous = process.umask(0o022);
    try {
      const file = path.join(dir, 'data', 'ahente.db');
      const db = connect(`sqlite:${file}`);
      await migrateToLatest(db);
      await sql`insert into privacy_notices (version, body, published_at) values (99, 'x', '2026-01-01T00:00:00.000Z')`.execute(db.db);
      expect({ db: modeOf(file), wal: modeOf(`${file}-wal`), shm: modeOf(`${file}-shm`) }).toEqual({ db: '600', wal: '600', shm: '600' });
      await db.close();

      const storage = createLocalDiskStorage(path.join(dir, 'uploads'));
      const key = newStorageKey('photos');
      await storage.put(key, Buffer.from('a photo'));
      expect(modeOf(path.join(dir, 'uploads', key))).toBe('640');
    } finally {
      process.umask(previous);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are narrowed to 0600 when an older start left them readable by others', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-modes-'));
    try {
      const file = path.join(dir, 'ahente.db');
      const first = connect(`sqlite:${file}`);
      await migrateToLatest(first);
      await first.close();
      fs.chmodSync(file, 0o644);
      const again = connect(`sqlite:${file}`);
      const { rows } = await sql<{ n: number }>`select count(*) as n from privacy_notices`.execute(again.db);
      expect(Number(rows[0]!.n)).toBe(1);
      expect({ db: modeOf(file), wal: modeOf(`${file}-wal`), shm: modeOf(`${file}-shm`) }).toEqual({ db: '600', wal: '600', shm: '600' });
      await again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
