import { sql } from 'kysely';
import type { Exec } from '../../db/exec.ts';

/** The privacy notice's versions and members' consents to them (decision 027). */
export const noticeRepository = {
  /** The latest version (migration 014 writes version 1, so there always is one). */
  current(db: Exec) {
    return db
      .selectFrom('privacy_notices')
      .select(['version', 'body', 'published_at'])
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
  },

  async currentVersion(db: Exec): Promise<number> {
    const row = await db
      .selectFrom('privacy_notices')
      .select(sql<number>`max(version)`.as('v'))
      .executeTakeFirstOrThrow();
    return Number(row.v);
  },

  async insert(db: Exec, row: { version: number; body: string; published_at: string; published_by: number }): Promise<void> {
    await db.insertInto('privacy_notices').values(row).execute();
  },

  /** Records a consent; a second one to the same version changes nothing (the first is kept). */
  async insertConsent(db: Exec, row: { member_id: number; notice_version: number; accepted_at: string; ip: string | null }): Promise<void> {
    await db
      .insertInto('consents')
      .values(row)
      .onConflict((oc) => oc.columns(['member_id', 'notice_version']).doNothing())
      .execute();
  },

  /**
   * Whether the member has accepted the latest version published at or before `asOf` (a session's
   * start): a version published later is asked at the next login. True when there is none.
   */
  async hasConsented(db: Exec, memberId: number, asOf: string): Promise<boolean> {
    const row = await db
      .selectFrom('privacy_notices as n')
      .leftJoin('consents as c', (j) => j.onRef('c.notice_version', '=', 'n.version').on('c.member_id', '=', memberId))
      .select(['n.version', 'c.id as consent_id'])
      .where('n.published_at', '<=', asOf)
      .orderBy('n.version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return !row || row.consent_id !== null;
  },

  consentsOf(db: Exec, memberId: number) {
    return db
      .selectFrom('consents')
      .select(['notice_version', 'accepted_at', 'ip'])
      .where('member_id', '=', memberId)
      .orderBy('notice_version')
      .execute();
  },
};
