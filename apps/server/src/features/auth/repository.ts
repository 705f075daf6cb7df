import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Exec } from '../../db/exec.ts';
import { likeEscape } from '../../db/like.ts';

export const authRepository = {
  /** A member's language (setlanguage, decision 030). */
  async setLanguage(db: Exec, memberId: number, language: Database['members']['language']): Promise<void> {
    await db.updateTable('members').set({ language }).where('id', '=', memberId).execute();
  },

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

  /**
   * Deletes the login throttles naming a member (decision 001): every key in which their username or e-mail
   * is a whole segment (`u:<login>|<ip>` of a login, `reset:to:<login>` of a reset link, whatever
   * the member typed to sign in), and their own per-member keys (`pw:<id>`, `mfa:<id>`).
   */
  async deleteThrottlesNaming(db: Exec, logins: string[], memberKeys: string[]): Promise<void> {
    const wanted = [...new Set(logins.map((l) => l.trim().toLowerCase()).filter((l) => l !== ''))];
    if (wanted.length > 0) {
      await db
        .deleteFrom('login_throttle')
        .where(
          sql<boolean>`(${sql.join(
            wanted.flatMap((l) => [
              sql`lower(${sql.ref('key')}) like ${`%:${likeEscape(l)}|%`} escape '\\'`,
              sql`lower(${sql.ref('key')}) like ${`%:${likeEscape(l)}`} escape '\\'`,
            ]),
            sql` or `,
          )})`,
        )
        .execute();
    }
    if (memberKeys.length > 0) await db.deleteFrom('login_throttle').where('key', 'in', memberKeys).execute();
  },

  // ---- password reset links (decision 026) ------------------------------------------------------

  /** The member whose username or e-mail is `login` (either, any case), with what a reset needs. */
  memberByLogin(db: Exec, login: string) {
    const lower = login.toLowerCase();
    return db
      .selectFrom('members')
      .select(['id', 'username', 'email', 'f_name', 'm_name', 'l_name', 'status', 'deactivated_at'])
      .where((eb) => eb.or([eb(sql<string>`lower(username)`, '=', lower), eb(sql<string>`lower(email)`, '=', lower)]))
      .orderBy('id')
      .executeTakeFirst();
  },

  async insertReset(db: Exec, row: { token_hash: string; member_id: number; created_at: string; expires_at: string }): Promise<void> {
    await db
      .insertInto('password_resets')
      .values({ ...row, used_at: null })
      .execute();
  },

  /** The link's member, when the link is unused, not expired at `at`, and its member approved and active. */
  usableReset(db: Exec, tokenHash: string, at: string) {
    return db
      .selectFrom('password_resets as r')
      .innerJoin('members as m', 'm.id', 'r.member_id')
      .select(['r.member_id'])
      .where('r.token_hash', '=', tokenHash)
      .where('r.used_at', 'is', null)
      .where('r.expires_at', '>', at)
      .where('m.status', '=', 'Approved')
      .where('m.deactivated_at', 'is', null)
      .executeTakeFirst();
  },

  /**
   * Uses the link: one atomic update that applies only while it is unused and unexpired (of two
   * uses at once, one succeeds), then every other unused link of the member with it. Answers
   * whether this call used it.
   */
  async useReset(db: Exec, tokenHash: string, memberId: number, at: string): Promise<boolean> {
    const used = await db
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('member_id', '=', memberId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    await db.updateTable('password_resets').set({ used_at: at }).where('member_id', '=', memberId).where('used_at', 'is', null).execute();
    return true;
  },

  /** Forgets links expired before `cutoff` (housekeeping). */
  async purgeResets(db: Exec, cutoff: string) {
    await db.deleteFrom('password_resets').where('expires_at', '<=', cutoff).execute();
  },
};
