import { randomBytes } from 'node:crypto';
import path from 'node:path';
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

/**
 * Empty databases for a process the test starts itself (the seed, a first start): a SQLite file in
 * `dir`, or a PostgreSQL database of its own on TEST_DATABASE_URL's server. `drop()` drops them all.
 */
export function emptyDatabases(prefix: string, dir: string) {
  const made: string[] = [];
  return {
    async url(): Promise<string> {
      const name = `${prefix}_${randomBytes(5).toString('hex')}`;
      if (process.env.TEST_DIALECT !== 'postgres') return `sqlite:${path.join(dir, `${name}.db`)}`;
      const base = process.env.TEST_DATABASE_URL;
      if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres project');
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      made.push(name);
      const url = new URL(base);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async drop(): Promise<void> {
      if (made.length === 0) return;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
