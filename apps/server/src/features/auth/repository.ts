import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const authRepository = {
  /**
   * Counts one attempt against each key and returns each key's count in its current window, in
   * one atomic statement per key (an upsert that returns the new count): parallel attempts each
   * see a different count, on SQLite and on PostgreSQL alike. A window that has passed restarts at 1.
   */
  async hit(db: Kysely<Database>, keys: string[], now: string, cutoff: string): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const key of keys) {
      const row = await db
        .insertInto('login_throttle')
        .values({ key, window_start: now, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when login_throttle.window_start <= ${cutoff} then 1 else login_throttle.count + 1 end`,
            window_start: sql<string>`case when login_throttle.window_start <= ${cutoff} then ${now} else login_throttle.window_start end`,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      counts.set(key, Number(row.count));
    }
    return counts;
  },

  /**
   * Takes back one counted attempt per key (it turned out not to be a failure). One single-row
   * statement per key, like `hit`, so no statement ever holds one counter while waiting for
   * another (two releases locking two rows in opposite orders would deadlock on PostgreSQL).
   */
  async release(db: Kysely<Database>, keys: string[]) {
    for (const key of keys) {
      await db
        .updateTable('login_throttle')
        .set({ count: sql<number>`count - 1` })
        .where('key', '=', key)
        .where('count', '>', 0)
        .execute();
    }
  },

  async clear(db: Kysely<Database>, key: string) {
    await db.deleteFrom('login_throttle').where('key', '=', key).execute();
  },

  async purge(db: Kysely<Database>, cutoff: string) {
    await db.deleteFrom('login_throttle').where('window_start', '<=', cutoff).execute();
  },
};
