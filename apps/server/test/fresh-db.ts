import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connect, type Db } from '../src/db/connect.ts';

/** A fresh database as the harness makes them (SQLite in memory, or a fresh PostgreSQL schema), not migrated. */
export async function freshDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (process.env.TEST_DIALECT !== 'postgres') return { db: connect('sqlite::memory:'), drop: async () => {} };
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    db: connect(url, { schema }),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}
