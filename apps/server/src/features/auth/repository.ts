import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const authRepository = {
  /** Failures counted in the window that began after `cutoff` (0 when the window has passed). */
  async failures(db: Kysely<Database>, keys: string[], cutoff: string): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('login_throttle')
      .select(['key', 'count'])
      .where('key', 'in', keys)
      .where('window_start', '>', cutoff)
      .execute();
    return new Map(rows.map((r) => [r.key, r.count]));
  },

  /** Counts one failure per key, starting a new window where the old one has passed. */
  async recordFailure(db: Kysely<Database>, keys: string[], now: string, cutoff: string) {
    for (const key of keys) {
      await db
        .insertInto('login_throttle')
        .values({ key, window_start: now, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when login_throttle.window_start <= ${cutoff} then 1 else login_throttle.count + 1 end`,
            window_start: sql<string>`case when login_throttle.window_start <= ${cutoff} then ${now} else login_throttle.window_start end`,
          }),
        )
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
