import type { Kysely, Transaction } from 'kysely';
import type { NotificationEvent } from '@ahente/contract/notifications';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../platform/tokens.ts';
import { fullName } from '../members/service.ts';
import { renderEmail, renderEvent, type EventParams } from './events.ts';
import { notificationsRepository as repo } from './repository.ts';

type Exec = Kysely<Database> | Transaction<Database>;

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
 * Notifications (issue 23, decision 026). `notify` is what every other feature calls, inside the
 * transaction of the event it tells of: the in-app notification and, when e-mail is on and the
 * member wants this event by e-mail, a row of the outbox are written with the event, or not at all.
 * Sending is the sender loop's (outbox.ts): a mail server that is down never fails the request.
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
      const mail = renderEmail(rendered, { agencyName: deps.email.agencyName, memberName: fullName(member), portalUrl: deps.email.portalUrl });
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

  return {
    notify,
    /** The same event to every approved, active administrator. */
    async notifyAdmins<E extends NotificationEvent>(exec: Exec, event: E, params: EventParams[E], options: NotifyOptions = {}) {
      for (const adminId of await repo.adminIds(exec)) await notify(exec, adminId, event, params, options);
    },
    db,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
/** What other features get: the two ways to tell someone of an event. */
export type Notifier = Pick<NotificationsService, 'notify' | 'notifyAdmins'>;
