import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A session as the member's list shows it (Settings → Security). */
export interface SessionListRow {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
}

export const sessionRepository = {
  async insert(db: Kysely<Database>, row: Database['sessions']) {
    await db.insertInto('sessions').values(row).execute();
  },

  /** The live session with its member, or undefined when expired, idle too long or unknown. */
  findLive(db: Kysely<Database>, id: string, now: string, idleCutoff: string) {
    return (
      db
        .selectFrom('sessions')
        .innerJoin('members', 'members.id', 'sessions.member_id')
        // The member's two-factor state with the session, in the same query (the ADMIN_2FA rule).
        .leftJoin('member_mfa', 'member_mfa.member_id', 'sessions.member_id')
        .select((eb) => [
          'member_mfa.enabled_at as mfa_enabled_at',
          // And their consent (decision 027): the latest notice published before the session began
          // has no consent of theirs. A notice published later is asked at the next login. The
          // rule of noticeRepository.hasConsented, with the session's start as its moment.
          eb
            .exists(
              eb
                .selectFrom('privacy_notices as n')
                .select('n.version')
                .where(
                  'n.version',
                  '=',
                  eb
                    .selectFrom('privacy_notices as latest')
                    .select((e) => e.fn.max('latest.version').as('v'))
                    .whereRef('latest.published_at', '<=', 'sessions.created_at'),
                )
                .where((e) =>
                  e.not(
                    e.exists(
                      e
                        .selectFrom('consents as c')
                        .select('c.id')
                        .whereRef('c.member_id', '=', 'sessions.member_id')
                        .whereRef('c.notice_version', '=', 'n.version'),
                    ),
                  ),
                ),
            )
            .as('consent_missing'),
          'sessions.id as session_id',
          'sessions.last_seen_at',
          'members.id as member_id',
          'members.account_type',
          'members.status',
          'members.deactivated_at',
        ])
        .where('sessions.id', '=', id)
        .where('sessions.expires_at', '>', now)
        .where('sessions.last_seen_at', '>', idleCutoff)
        .executeTakeFirst()
    );
  },

  async touch(db: Kysely<Database>, id: string, now: string) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  },

  async delete(db: Kysely<Database>, id: string) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
  },

  /** Ends every session of a member, except `keep` when given. */
  async deleteForMember(db: Kysely<Database>, memberId: number, keep?: string) {
    let q = db.deleteFrom('sessions').where('member_id', '=', memberId);
    if (keep) q = q.where('id', '!=', keep);
    await q.execute();
  },

  /** A member's live sessions, newest first. */
  listLive(db: Kysely<Database>, memberId: number, now: string, idleCutoff: string): Promise<SessionListRow[]> {
    return db
      .selectFrom('sessions')
      .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
      .where('member_id', '=', memberId)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>', idleCutoff)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id')
      .execute();
  },

  /** Ends the given sessions of a member (ids of that member only); answers how many ended. */
  async deleteOfMember(db: Kysely<Database>, memberId: number, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const res = await db.deleteFrom('sessions').where('member_id', '=', memberId).where('id', 'in', ids).executeTakeFirst();
    return Number(res.numDeletedRows);
  },

  async deleteExpired(db: Kysely<Database>, now: string, idleCutoff: string) {
    await db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
      .execute();
  },
};

/** The live session with its member, as findLive reads it: typed by the query itself. */
export type SessionRow = NonNullable<Awaited<ReturnType<typeof sessionRepository.findLive>>>;
