import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Retention (decision 027): each purge is one indexed DELETE of rows past their period, so
 * instances running it at the same time only find less to delete.
 */
export const retentionRepository = {
  /** Notifications read before `before` (notifications_read_idx); unread ones are kept. */
  async purgeReadNotifications(db: Kysely<Database>, before: string): Promise<number> {
    const res = await db.deleteFrom('notifications').where('read_at', '<', before).executeTakeFirst();
    return Number(res.numDeletedRows);
  },

  /**
   * Outbox messages sent or given up whose last attempt was before `before` (outbox_due_idx:
   * status, next_attempt_at, which a claim sets to the end of its lease and nothing moves after
   * the message is settled). Pending ones are never purged.
   */
  async purgeOutbox(db: Kysely<Database>, before: string): Promise<number> {
    const res = await db
      .deleteFrom('outbox')
      .where('status', 'in', ['sent', 'failed'])
      .where('next_attempt_at', '<', before)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  },

  /** Devices not seen since `before` (their cookie has expired in the browser too): a new login there is a new device anyway. */
  async purgeDevices(db: Kysely<Database>, before: string): Promise<number> {
    const res = await db.deleteFrom('member_devices').where('last_seen_at', '<', before).executeTakeFirst();
    return Number(res.numDeletedRows);
  },
};
