import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * The PostgreSQL project's global setup (decision 015, CI time): every migration runs once per run,
 * into a template database, and each test file's app gets a copy of it (`CREATE DATABASE …
 * TEMPLATE`, test/harness.ts), where it used to migrate a fresh schema of its own: 24 migrations
 * took 1.2–1.8 s per file, a copy takes a tenth of that. The tests of the migrations themselves
 * (migrate.test.ts, several-instances.test.ts: test/fresh-db.ts) still start from empty databases.
 * At the end of the run the template and any copy a crashed file left behind are dropped.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The template database of this run and the prefix of its copies' names. */
    pgTemplate: { template: string; prefix: string };
  }
}

/** TEST_DATABASE_URL with another database's name. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres project');
  const run = randomBytes(4).toString('hex');
  const template = `tpl_${run}`;
  const prefix = `t_${run}_`;
  await onServer(base, (c) => c.query(`create database ${template}`));
  const db = connect(databaseUrl(base, template));
  try {
    await migrateToLatest(db);
  } finally {
    await db.close();
  }
  // A copy needs its template without sessions: none of ours is left open, and the server's
  // statistics never connect to it, but a pool's socket may close a moment after its end.
  await onServer(base, (c) => c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [template]));
  project.provide('pgTemplate', { template, prefix });

  return async () => {
    await onServer(base, async (c) => {
      const { rows } = await c.query<{ name: string }>('select datname as name from pg_database where starts_with(datname, $1)', [prefix]);
      for (const { name } of rows) await c.query(`drop database if exists ${name} with (force)`);
      await c.query(`drop database if exists ${template} with (force)`);
    });
  };
}
