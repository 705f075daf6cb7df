import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Exec = Kysely<Database> | Transaction<Database>;

export const notificationsRepository = {
  /** Who a notification goes to: name, e-mail, whether they can still use the portal. */
  recipient(db: Exec, memberId: number) {
    return db
      .selectFrom('members')
      .select(['id', 'f_name', 'm_name', 'l_name', 'email', 'status', 'deactivated_at'])
      .where('id', '=', memberId)
      .executeTakeFirst();
  },

  /** Whether the member turned e-mail off for this event (no row: on). */
  async wantsEmail(db: Exec, memberId: number, event: string): Promise<boolean> {
    const row = await db
      .selectFrom('notification_preferences')
      .select('email')
      .where('member_id', '=', memberId)
      .where('event', '=', event)
      .executeTakeFirst();
    return row ? row.email === 1 : true;
  },

  /**
   * The notification, unless one with the same member and dedupe key exists: then nothing is
   * written and null is answered (a reminder once per policy per threshold, however often the
   * daily job runs, on however many instances: the partial unique index decides).
   */
  async insert(
    db: Exec,
    row: { member_id: number; event: string; title: string; body: string; link: string; dedupe_key: string | null; created_at: string },
  ): Promise<number | null> {
    const inserted = await db
      .insertInto('notifications')
      .values(row)
      .onConflict((oc) => oc.columns(['member_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id ?? null;
  },

  async enqueue(
    db: Exec,
    row: {
      channel: string;
      member_id: number | null;
      notification_id: number | null;
      recipient: string;
      subject: string;
      body: string;
      next_attempt_at: string;
      created_at: string;
    },
  ): Promise<void> {
    await db.insertInto('outbox').values(row).execute();
  },

  /** Approved, active administrators (who hear of new sign-ups). */
  async adminIds(db: Exec): Promise<number[]> {
    const rows = await db
      .selectFrom('members')
      .select('id')
      .where('account_type', '=', 'admin')
      .where('status', '=', 'Approved')
      .where('deactivated_at', 'is', null)
      .execute();
    return rows.map((r) => r.id);
  },
};
