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
