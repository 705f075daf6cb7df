import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { PagePosition } from '@ahente/contract/paging';
import type { Database } from '../../db/schema.ts';
import type { Exec } from '../../db/exec.ts';

/** A message the sender loop claimed: what it sends, and the attempt it is (counting this one). */
export interface ClaimedMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

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

  // ---- the bell ------------------------------------------------------------------------------

  /**
   * A member's notifications, newest first: by when they were made, then id (decision 023: a
   * notification written later for an earlier moment, as a backfilled one, sorts by its moment);
   * `after` starts after that row (keyset paging, decision 036).
   */
  list(db: Exec, memberId: number, options: { unreadOnly: boolean; limit: number; after?: PagePosition | null }) {
    let q = db
      .selectFrom('notifications')
      .select(['id', 'event', 'title', 'body', 'link', 'created_at', 'read_at'])
      .where('member_id', '=', memberId);
    if (options.unreadOnly) q = q.where('read_at', 'is', null);
    const after = options.after;
    if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.date, after.id)));
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  },

  /** How many notifications the member has (only the unread ones with `unreadOnly`). */
  async count(db: Exec, memberId: number, options: { unreadOnly: boolean }): Promise<number> {
    let q = db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('member_id', '=', memberId);
    if (options.unreadOnly) q = q.where('read_at', 'is', null);
    return Number((await q.executeTakeFirstOrThrow()).n);
  },

  async unreadCount(db: Exec, memberId: number): Promise<number> {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Marks read those of `ids` (every one when null) that are the member's and unread. */
  async markRead(db: Exec, memberId: number, ids: number[] | null, at: string): Promise<void> {
    let q = db.updateTable('notifications').set({ read_at: at }).where('member_id', '=', memberId).where('read_at', 'is', null);
    if (ids !== null) q = q.where('id', 'in', ids);
    await q.execute();
  },

  // ---- preferences -----------------------------------------------------------------------------

  /** The member's e-mail choices that differ from the default (no row: on). */
  preferences(db: Exec, memberId: number) {
    return db.selectFrom('notification_preferences').select(['event', 'email']).where('member_id', '=', memberId).execute();
  },

  async setPreference(db: Exec, row: { member_id: number; event: string; email: number; updated_at: string }): Promise<void> {
    await db
      .insertInto('notification_preferences')
      .values(row)
      .onConflict((oc) => oc.columns(['member_id', 'event']).doUpdateSet({ email: row.email, updated_at: row.updated_at }))
      .execute();
  },

  // ---- the outbox ------------------------------------------------------------------------------

  /**
   * Claims up to `limit` due messages of the given channels: in one short transaction their
   * next_attempt_at moves to `leaseUntil` and their attempts go up by one, so no other sender
   * takes them until the lease ends (a sender that died mid-send leaves them to be taken again).
   * On PostgreSQL the due rows are read FOR UPDATE SKIP LOCKED: two instances claiming at once
   * get different rows and never wait on each other. SQLite has no row locks and needs none (its
   * transactions run one at a time); the update's own conditions keep a claim to rows still due.
   */
  claimDue(
    db: Kysely<Database>,
    options: { channels: string[]; now: string; leaseUntil: string; limit: number; rowLocks: boolean },
  ): Promise<ClaimedMessage[]> {
    if (options.channels.length === 0) return Promise.resolve([]);
    return db.transaction().execute(async (trx) => {
      let due = trx
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', options.now)
        .where('channel', 'in', options.channels)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(options.limit);
      if (options.rowLocks) due = due.forUpdate().skipLocked();
      const ids = (await due.execute()).map((r) => r.id);
      if (ids.length === 0) return [];
      const claimed = await trx
        .updateTable('outbox')
        .set((eb) => ({ next_attempt_at: options.leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', options.now)
        .returning(['id', 'channel', 'recipient', 'subject', 'body', 'attempts'])
        .execute();
      return claimed.sort((a, b) => a.id - b.id);
    });
  },

  /**
   * The outcome of a claimed message, written only while the claim is still this sender's (same
   * attempts, still pending): a sender whose lease ran out does not overwrite the next one's.
   */
  async settle(
    db: Exec,
    claim: { id: number; attempts: number },
    outcome:
      | { status: 'sent'; at: string }
      | { status: 'pending'; nextAttemptAt: string; error: string }
      | { status: 'failed'; error: string }
      | { status: 'released'; at: string },
  ): Promise<void> {
    const q = db.updateTable('outbox').where('id', '=', claim.id).where('attempts', '=', claim.attempts).where('status', '=', 'pending');
    if (outcome.status === 'sent') {
      await q.set({ status: 'sent', sent_at: outcome.at, last_error: null }).execute();
    } else if (outcome.status === 'pending') {
      await q.set({ next_attempt_at: outcome.nextAttemptAt, last_error: outcome.error.slice(0, 500) }).execute();
    } else if (outcome.status === 'failed') {
      await q.set({ status: 'failed', last_error: outcome.error.slice(0, 500) }).execute();
    } else {
      // Not attempted after all (the sender is stopping): due again at once, the attempt not counted.
      await q.set((eb) => ({ next_attempt_at: outcome.at, attempts: eb('attempts', '-', 1) })).execute();
    }
  },

  /** Forgets sent messages sent before `sentBefore` and failed ones created before `failedBefore`. */
  async purge(db: Exec, options: { sentBefore: string; failedBefore: string }): Promise<void> {
    await db
      .deleteFrom('outbox')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', options.sentBefore)]),
          eb.and([eb('status', '=', 'failed'), eb('created_at', '<', options.failedBefore)]),
        ]),
      )
      .execute();
  },

  /** Pending and failed messages, and those sent since `sentSince`. */
  async outboxCounts(db: Exec, sentSince: string): Promise<{ pending: number; failed: number; sent: number }> {
    const row = await db
      .selectFrom('outbox')
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when('status', '=', 'pending').then(1).else(0).end()).as('pending'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'failed').then(1).else(0).end()).as('failed'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('status', '=', 'sent'), eb('sent_at', '>=', sentSince)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('sent'),
      ])
      .executeTakeFirstOrThrow();
    return { pending: Number(row.pending ?? 0), failed: Number(row.failed ?? 0), sent: Number(row.sent ?? 0) };
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

  // ---- many at once (a month's close, a quarter's 2307s) ----------------------------------------

  /**
   * The same notification to every member `recipients` selects (one column, `member_id`, each
   * member once), in one statement whatever their number; a member who has one with the same key
   * is skipped. Answers how many were written.
   */
  async insertMany(
    db: Exec,
    recipients: Recipients,
    row: { event: string; title: string; body: string; link: string; dedupe_key: string; created_at: string },
  ): Promise<number> {
    const result = await db
      .insertInto('notifications')
      .columns(['member_id', 'event', 'title', 'body', 'link', 'dedupe_key', 'created_at'])
      .expression(
        db
          .selectFrom(recipients.as('r'))
          .select([
            'r.member_id',
            sql<string>`${row.event}`.as('event'),
            sql<string>`${row.title}`.as('title'),
            sql<string>`${row.body}`.as('body'),
            sql<string>`${row.link}`.as('link'),
            sql<string>`${row.dedupe_key}`.as('dedupe_key'),
            sql<string>`${row.created_at}`.as('created_at'),
          ])
          // SQLite reads `ON CONFLICT` after a SELECT without WHERE as a join's ON: this WHERE ends the SELECT.
          .where(sql<boolean>`1 = 1`),
      )
      .onConflict((oc) => oc.columns(['member_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  },

  /**
   * The e-mails of the notifications insertMany just wrote (event, key and the time it wrote them
   * at: an earlier batch with the key has another time, and a later one writes nothing), for the
   * members still active who did not turn the event off: the text is `parts` joined by each
   * member's full name (first, middle, last, as fullName()). One statement. (No anti-join on the
   * outbox: PostgreSQL would scan the outbox growing under the insert once per row.)
   */
  async enqueueMany(
    db: Exec,
    recipients: Recipients,
    batch: { event: string; dedupe_key: string; created_at: string; subject: string; parts: string[] },
  ): Promise<number> {
    const name = sql<string>`m.f_name || case when coalesce(m.m_name, '') = '' then '' else ' ' || m.m_name end
      || case when coalesce(m.l_name, '') = '' then '' else ' ' || m.l_name end`;
    const text = sql.join(
      batch.parts.map((p) => sql`cast(${p} as varchar(4000))`),
      sql` || ${name} || `,
    );
    const result = await db
      .insertInto('outbox')
      .columns(['channel', 'member_id', 'notification_id', 'recipient', 'subject', 'body', 'next_attempt_at', 'created_at'])
      .expression(
        // From the recipients, each notification found by (member_id, dedupe_key), its unique index:
        // the cost follows the batch, not the size of the notifications table.
        db
          .selectFrom(recipients.as('r'))
          .innerJoin('notifications as n', (j) => j.onRef('n.member_id', '=', 'r.member_id').on('n.dedupe_key', '=', batch.dedupe_key))
          .innerJoin('members as m', 'm.id', 'n.member_id')
          .leftJoin('notification_preferences as p', (j) => j.onRef('p.member_id', '=', 'n.member_id').on('p.event', '=', batch.event))
          .select([
            sql<string>`'email'`.as('channel'),
            'n.member_id',
            sql<number>`n.id`.as('notification_id'),
            'm.email',
            sql<string>`${batch.subject}`.as('subject'),
            sql<string>`substr(${text}, 1, 4000)`.as('body'),
            sql<string>`${batch.created_at}`.as('next_attempt_at'),
            sql<string>`${batch.created_at}`.as('created_at'),
          ])
          .where('n.event', '=', batch.event)
          .where('n.created_at', '=', batch.created_at)
          .where('m.deactivated_at', 'is', null)
          .where((eb) => eb.or([eb('p.email', 'is', null), eb('p.email', '=', 1)])),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  },
};

/** A query of the members to tell (one column, `member_id`), built by the caller's repository. */
export type Recipients = SelectQueryBuilder<Database, keyof Database, { member_id: number }>;
