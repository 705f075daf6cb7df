import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../db/migrate.ts';
import { freshDb } from '../../../test/fresh-db.ts';
import { licencesRepository } from './repository.ts';

/**
 * Migration 023 (decision 035, bench/dashboard.ts): the held count that adminqueues and Compliance
 * run reads the entries through commission_entries_held_idx once it exists. Here, not in
 * db/migrate.test.ts, because it runs the licences repository's own query (the database layer does
 * not import features).
 */
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup) await f();
  cleanup = [];
});

describe('migration 023 (held entries index)', () => {
  it('adds commission_entries_held_idx, and the held count (adminqueues, Compliance) reads the entries through it', async () => {
    const { db, drop } = await freshDb();
    cleanup.push(async () => {
      await db.close();
      await drop();
    });
    await migrateTo(db, '022-agency-tax-details');
    const heldCountSql = async () => {
      const queries: CompiledQuery[] = [];
      const spy = db.db.withPlugin({
        transformQuery: ({ node }) => {
          queries.push(db.db.getExecutor().compileQuery(node, { queryId: 'plan' }));
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      await licencesRepository.heldCount(spy);
      return queries[0]!;
    };
    const plan = async () => {
      const q = await heldCountSql();
      return db.db.transaction().execute(async (trx) => {
        if (db.dialect === 'postgres') {
          // A test's tables are tiny: without this the planner reads them whole (rightly).
          await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
          const rows = (await trx.executeQuery(CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]))).rows;
          return rows.map((r) => String((r as Record<string, unknown>)['QUERY PLAN'])).join('\n');
        }
        const rows = (await trx.executeQuery(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]))).rows;
        return rows.map((r) => String((r as { detail: unknown }).detail)).join('\n');
      });
    };
    expect(await plan()).not.toContain('commission_entries_held_idx');
    await migrateToLatest(db);
    expect(await plan()).toContain('commission_entries_held_idx');
  });
});
