import type { Kysely, Transaction } from 'kysely';
import { NOTICE_NOT_CURRENT_MESSAGE, type PrivacyNotice } from '@ahente/contract/privacy-notice';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { Auth } from '../../platform/sessions.ts';
import { noticeRepository } from './notice-repository.ts';

/** Two administrators published at the same moment: the second is told to look again. */
export const NOTICE_PUBLISHED_MEANWHILE = 'Another version of the Privacy Notice was just published. Reload the page and try again.';

/**
 * The privacy notice and consent (decision 027). Agents (account type `user`) consent at sign-up
 * and to every later version once, at their next login; administrators are agency staff whose data
 * is processed under their employment, so they are never asked (the publisher's own consent to what
 * they publish is recorded all the same).
 */
export function createNoticeService(db: Kysely<Database>) {
  // The wall clock, as sessions use: a version is compared with when a session began.
  const now = () => new Date();

  return {
    /** GET /api/privacynotice. */
    current: (): Promise<PrivacyNotice> => noticeRepository.current(db),

    /** publishprivacynotice: the next version, and the publisher's consent to it, in one transaction. */
    async publish(who: Auth, body: string, ip: string): Promise<PrivacyNotice> {
      const at = now().toISOString();
      try {
        return await db.transaction().execute(async (trx) => {
          const version = (await noticeRepository.currentVersion(trx)) + 1;
          await noticeRepository.insert(trx, { version, body, published_at: at, published_by: who.memberId });
          await noticeRepository.insertConsent(trx, {
            member_id: who.memberId,
            notice_version: version,
            accepted_at: at,
            ip: ip.slice(0, 45),
          });
          return { version, body, published_at: at };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(NOTICE_PUBLISHED_MEANWHILE);
        throw err;
      }
    },

    /** acceptprivacynotice: only the current version; accepting it again changes nothing. */
    async accept(who: Auth, version: number, ip: string): Promise<{ success: true; version: number }> {
      const current = await noticeRepository.currentVersion(db);
      if (version !== current) throw badRequest(NOTICE_NOT_CURRENT_MESSAGE);
      await noticeRepository.insertConsent(db, {
        member_id: who.memberId,
        notice_version: version,
        accepted_at: now().toISOString(),
        ip: ip.slice(0, 45),
      });
      return { success: true, version };
    },

    /** A sign-up's consent to the current version, in the sign-up's transaction. */
    async recordSignUpConsent(trx: Transaction<Database>, memberId: number, ip: string): Promise<void> {
      await noticeRepository.insertConsent(trx, {
        member_id: memberId,
        notice_version: await noticeRepository.currentVersion(trx),
        accepted_at: now().toISOString(),
        ip: ip.slice(0, 45),
      });
    },

    /**
     * Whether the member, logging in now, must accept the notice before going on: an agent without
     * a consent to the latest version. For a session already open, the session's load decides it
     * with the same rule as of the session's start (platform/session-repository.ts), and the API
     * refuses everything but the consent screen's calls until then (platform/guards.ts,
     * decision 027).
     */
    async consentRequired(member: { id: number; account_type: string }): Promise<boolean> {
      if (member.account_type !== 'user') return false;
      return !(await noticeRepository.hasConsented(db, member.id, now().toISOString()));
    },
  };
}

export type NoticeService = ReturnType<typeof createNoticeService>;
