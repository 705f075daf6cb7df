import type { Kysely } from 'kysely';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_LIST_LIMIT,
  type MailStatus,
  type NotificationEvent,
  type NotificationPreferences,
  type NotificationRecord,
  type NotificationsResponse,
} from '@ahente/contract/notifications';
import { encodeCursor, type PagePosition } from '@ahente/contract/paging';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { renderEmail, renderEvent, type EventParams } from './events.ts';
import { notificationsRepository as repo, type Recipients } from './repository.ts';
import type { Exec } from '../../db/exec.ts';

/** Where a bulk e-mail's text takes each member's name (enqueueMany): a mark no text contains. */
const NAME_MARK = '\u0000member-name\u0000';

/**
 * A member's name as members' fullName() writes it (first, middle, last). Not imported from there:
 * the members' service tells of approvals through this one, and features import no cycles.
 */
const memberName = (m: { f_name: string | null; m_name: string | null; l_name: string | null }) =>
  [m.f_name, m.m_name, m.l_name].filter(Boolean).join(' ');

export interface NotifyOptions {
  /**
   * Once per member and key: a second notify with the same key writes nothing (the reminders:
   * `policy_due:<sale>:<days>`). Without it the event may repeat.
   */
  dedupeKey?: string;
}

export interface NotificationsDeps {
  /** The channel messages go out on; null while e-mail is off (SMTP_URL unset): in-app only. */
  email: { enabled: boolean; agencyName: string; portalUrl: string | null };
  now?: () => Date;
}

/**
 * Notifications (decision 026). `notify` is what every other feature calls, inside the transaction
 * of the event it tells of: the in-app notification and, when e-mail is on and the member wants
 * this event by e-mail, a row of the outbox are written with the event, or not at all. Sending is
 * the sender loop's (outbox.ts): a mail server that is down never fails the request.
 */
export function createNotificationsService(db: Kysely<Database>, deps: NotificationsDeps) {
  const now = deps.now ?? (() => new Date());

  async function notify<E extends NotificationEvent>(
    exec: Exec,
    memberId: number,
    event: E,
    params: EventParams[E],
    options: NotifyOptions = {},
  ): Promise<number | null> {
    const member = await repo.recipient(exec, memberId);
    if (!member) return null;
    const rendered = renderEvent(event, params);
    const at = now().toISOString();
    const id = await repo.insert(exec, {
      member_id: memberId,
      event,
      title: rendered.title.slice(0, 200),
      body: rendered.body.slice(0, 1000),
      link: rendered.link,
      dedupe_key: options.dedupeKey ?? null,
      created_at: at,
    });
    if (id === null) return null; // already told
    if (deps.email.enabled && member.deactivated_at === null && (await repo.wantsEmail(exec, memberId, event))) {
      const mail = renderEmail(rendered, {
        agencyName: deps.email.agencyName,
        memberName: memberName(member),
        portalUrl: deps.email.portalUrl,
      });
      await repo.enqueue(exec, {
        channel: 'email',
        member_id: memberId,
        notification_id: id,
        recipient: member.email,
        subject: mail.subject.slice(0, 200),
        body: mail.text.slice(0, 4000),
        next_attempt_at: at,
        created_at: at,
      });
    }
    return id;
  }

  async function requireMember(memberId: number) {
    if (!(await repo.recipient(db, memberId))) throw notFound('Member not found');
  }

  async function preferences(memberId: number): Promise<NotificationPreferences> {
    const chosen = new Map((await repo.preferences(db, memberId)).map((p) => [p.event, p.email === 1]));
    return {
      email_enabled: deps.email.enabled,
      email: Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, chosen.get(e) ?? true])) as Record<NotificationEvent, boolean>,
    };
  }

  return {
    notify,
    /** The same event to every approved, active administrator. */
    async notifyAdmins<E extends NotificationEvent>(exec: Exec, event: E, params: EventParams[E], options: NotifyOptions = {}) {
      for (const adminId of await repo.adminIds(exec)) await notify(exec, adminId, event, params, options);
    },

    /**
     * The same event to every member `recipients` selects (a query of `member_id`s built by the
     * caller's repository), in two statements whatever their number: a month's close tells thousands
     * of earners at once without a query per earner. Once per member and key, as notify; the e-mail
     * of each, as notify writes it, for the active members who want it. Answers how many were told.
     */
    async notifyMany<E extends NotificationEvent>(
      exec: Exec,
      event: E,
      params: EventParams[E],
      recipients: Recipients,
      options: { dedupeKey: string },
    ): Promise<number> {
      const rendered = renderEvent(event, params);
      const at = now().toISOString();
      const told = await repo.insertMany(exec, recipients, {
        event,
        title: rendered.title.slice(0, 200),
        body: rendered.body.slice(0, 1000),
        link: rendered.link,
        dedupe_key: options.dedupeKey,
        created_at: at,
      });
      if (told > 0 && deps.email.enabled) {
        // The e-mail as renderEmail writes it, the member's name put in by the database.
        const mail = renderEmail(rendered, { agencyName: deps.email.agencyName, memberName: NAME_MARK, portalUrl: deps.email.portalUrl });
        await repo.enqueueMany(exec, recipients, {
          event,
          dedupe_key: options.dedupeKey,
          created_at: at,
          subject: mail.subject.slice(0, 200),
          parts: mail.text.split(NAME_MARK),
        });
      }
      return told;
    },

    /**
     * An e-mail that is no notification (a password reset link): written to the outbox in the
     * caller's transaction, sent by the sender loop, never shown in the bell. Its text may hold a
     * secret: nothing here logs it.
     */
    async enqueueEmail(exec: Exec, message: { memberId: number; recipient: string; subject: string; text: string }): Promise<void> {
      const at = now().toISOString();
      await repo.enqueue(exec, {
        channel: 'email',
        member_id: message.memberId,
        notification_id: null,
        recipient: message.recipient,
        subject: message.subject.slice(0, 200),
        body: message.text.slice(0, 4000),
        next_attempt_at: at,
        created_at: at,
      });
    },

    /**
     * The bell: the member's newest notifications and how many are unread in all. With `limit`,
     * a page of them after `cursor` (the page of all notifications, decision 036), the next page's
     * cursor and how many there are in all.
     */
    async list(
      memberId: number,
      options: { unreadOnly: boolean; limit?: number; cursor?: PagePosition | null },
    ): Promise<NotificationsResponse> {
      await requireMember(memberId);
      const paged = options.limit !== undefined;
      const limit = options.limit ?? NOTIFICATION_LIST_LIMIT;
      const rows = await repo.list(db, memberId, {
        unreadOnly: options.unreadOnly,
        limit: paged ? limit + 1 : limit,
        after: options.cursor,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const known = new Set<string>(NOTIFICATION_EVENTS);
      return {
        unread: await repo.unreadCount(db, memberId),
        // An event this version does not know (written by a newer one) is left out rather than failing the list.
        rows: page.filter((r) => known.has(r.event)) as NotificationRecord[],
        ...(paged
          ? {
              next_cursor: rows.length > limit && last ? encodeCursor('notifications', { date: last.created_at, id: last.id }) : null,
              count: await repo.count(db, memberId, { unreadOnly: options.unreadOnly }),
            }
          : {}),
      };
    },

    /**
     * Marks the caller's own notifications read: of `ids`, only those that are the caller's (an id
     * of someone else's changes nothing and is not told apart from an unknown one); `all` marks
     * every one. Answers the caller's unread count after it.
     */
    async markRead(callerId: number, request: { ids: number[]; all: boolean }): Promise<{ unread: number }> {
      await repo.markRead(db, callerId, request.all ? null : request.ids, now().toISOString());
      return { unread: await repo.unreadCount(db, callerId) };
    },

    /** Which events the member gets by e-mail (all, unless turned off), and whether e-mail is on at all. */
    async preferences(memberId: number): Promise<NotificationPreferences> {
      await requireMember(memberId);
      return preferences(memberId);
    },

    /** Turns e-mail on or off per event; events not named keep their choice. In the portal every event always arrives. */
    async setPreferences(memberId: number, email: Partial<Record<NotificationEvent, boolean>>): Promise<NotificationPreferences> {
      await requireMember(memberId);
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        for (const [event, on] of Object.entries(email)) {
          await repo.setPreference(trx, { member_id: memberId, event, email: on ? 1 : 0, updated_at: at });
        }
      });
      return preferences(memberId);
    },

    /** For the admins: whether e-mail is on, messages waiting, given up (kept 30 days), and sent in the last 24 hours. */
    async mailStatus(): Promise<MailStatus> {
      const counts = await repo.outboxCounts(db, new Date(now().getTime() - 24 * 3_600_000).toISOString());
      return { email_enabled: deps.email.enabled, pending: counts.pending, failed: counts.failed, sent_last_24h: counts.sent };
    },
    db,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
/** What other features get: the two ways to tell someone of an event. */
export type Notifier = Pick<NotificationsService, 'notify' | 'notifyAdmins' | 'notifyMany'>;
