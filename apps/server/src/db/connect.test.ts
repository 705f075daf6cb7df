import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

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
