import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface SessionRow {
  session_id: string;
  last_seen_at: string;
  member_id: number;
  account_type: Database['members']['account_type'];
  status: Database['members']['status'];
  deactivated_at: string | null;
}

export const sessionRepository = {
  async insert(db: Kysely<Database>, row: Database['sessions']) {
    await db.insertInto('sessions').values(row).execute();
  },

  /** The live session with its member, or undefined when expired, idle too long or unknown. */
  findLive(db: Kysely<Database>, id: string, now: string, idleCutoff: string) {
    return db
      .selectFrom('sessions')
      .innerJoin('members', 'members.id', 'sessions.member_id')
      .select([
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
      .executeTakeFirst() as Promise<SessionRow | undefined>;
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

  async deleteExpired(db: Kysely<Database>, now: string, idleCutoff: string) {
    await db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
      .execute();
  },
};
