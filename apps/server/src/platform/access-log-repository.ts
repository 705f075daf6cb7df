import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The only SQL of the hook: the entries of one answer, in one statement per chunk (SQLite's bound-parameter limit). */
export const accessLogWriter = {
  async insert(db: Kysely<Database>, rows: readonly Omit<Database['access_log'], 'id'>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('access_log')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  },
};
