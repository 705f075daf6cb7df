import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS, NOTIFICATION_LIST_LIMIT, type NotificationRecord } from '@ahente/contract/notifications';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * The bell and the e-mail choices over the API, with e-mail off (no SMTP_URL: the harness's
 * configuration): every event reaches the portal, nothing is queued for e-mail. The e-mail path
 * itself is email.test.ts.
 */
let t: TestApp;
type Member = Awaited<ReturnType<TestApp['createMember']>>;
let agent: Member;
let agentClient: TestClient;
let other: Member;
let otherClient: TestClient;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  ({ agent, other, agentClient, otherClient, adminClient } = await t.callers());
});
afterAll(() => t.close());

let seq = 0;
/** A notification for the member, as the features write it (their own transaction's notify). */
async function tell(memberId: number, subject = `Ticket ${++seq}`) {
  return t.db.db
    .transaction()
    .execute((trx) => t.services.notifications.notify(trx, memberId, 'ticket_answered', { ticketId: seq, subject }));
}
async function list(client: TestClient, id: number, body: Record<string, unknown> = {}) {
  const res = await client.post(routes.notifications.path, { id, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { unread: number; rows: NotificationRecord[] };
}
async function fresh() {
  const m = await t.createMember();
  return { m, c: await t.loginAs(m) };
}
const outboxCount = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const preferenceRows = () => t.db.db.selectFrom('notification_preferences').selectAll().orderBy('member_id').orderBy('event').execute();

describe('POST /api/notifications', () => {
  it("answers the member's notifications newest first, with their texts and links, and the unread count", async () => {
    const { m, c } = await fresh();
    expect(await list(c, m.id)).toEqual({ unread: 0, rows: [] });
    await tell(m.id, 'Commission for March');
    await tell(m.id, 'Login trouble');
    await tell(other.id, 'Not yours');
    const body = await list(c, m.id);
    expect(body.unread).toBe(2);
    expect(body.rows).toEqual([
      {
        id: expect.any(Number),
        event: 'ticket_answered',
        title: 'Your ticket was answered: Login trouble',
        body: 'An administrator replied to your ticket "Login trouble".',
        link: '/helpcenter',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        read_at: null,
      },
      expect.objectContaining({ title: 'Your ticket was answered: Commission for March', read_at: null }),
    ]);
    expect(body.rows[0]!.id).toBeGreaterThan(body.rows[1]!.id);
  });

  it('lists only the unread with unread_only, and counts every unread one beyond the limit', async () => {
    const { m, c } = await fresh();
    const ids: number[] = [];
    for (let i = 0; i < NOTIFICATION_LIST_LIMIT + 3; i++) ids.push((await tell(m.id))!);
    const all = await list(c, m.id);
    expect(all.rows).toHaveLength(NOTIFICATION_LIST_LIMIT);
    expect(all.unread).toBe(NOTIFICATION_LIST_LIMIT + 3);
    expect(all.rows[0]!.id).toBe(ids.at(-1));
    const read = await c.post(routes.readNotifications.path, { ids: ids.slice(-2) });
    expect(read.json()).toEqual({ unread: NOTIFICATION_LIST_LIMIT + 1 });
    const unread = await list(c, m.id, { unread_only: true });
    expect(unread.unread).toBe(NOTIFICATION_LIST_LIMIT + 1);
    expect(unread.rows[0]!.id).toBe(ids.at(-3));
    expect(unread.rows.every((r) => r.read_at === null)).toBe(true);
  });

  it("lets an admin read a member's list, refuses another agent (403) and anonymous (401), and answers 404 for no such member", async () => {
    await tell(agent.id, 'For the agent');
    const mine = await list(agentClient, agent.id);
    expect(await list(adminClient, agent.id)).toEqual(mine);
    expect((await otherClient.post(routes.notifications.path, { id: agent.id })).statusCode).toBe(403);
    expect((await t.client().post(routes.notifications.path, { id: agent.id })).statusCode).toBe(401);
    const missing = await adminClient.post(routes.notifications.path, { id: 1_999_999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Member not found');
  });

  it('refuses bad input with 400', async () => {
    for (const [body, message] of [
      [{ id: agent.id, unread_only: 'yes' }, 'unread_only must be true or false'],
      [{ id: 'abc' }, 'id must be a number'],
      [{}, 'id is required'],
    ] as const) {
      const res = await agentClient.post(routes.notifications.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    // An unknown field (paging is `limit` and `cursor`: notifications-paging.test.ts).
    expect((await agentClient.post(routes.notifications.path, { id: agent.id, page: 2 })).statusCode).toBe(400);
  });
});

describe('POST /api/readnotifications', () => {
  it("marks the caller's own notifications read and answers the unread count", async () => {
    const { m, c } = await fresh();
    const [a, b, d] = [(await tell(m.id))!, (await tell(m.id))!, (await tell(m.id))!];
    const res = await c.post(routes.readNotifications.path, { ids: [a, d] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unread: 1 });
    const rows = (await list(c, m.id)).rows;
    expect(rows.find((r) => r.id === b)!.read_at).toBeNull();
    expect(rows.find((r) => r.id === a)!.read_at).toEqual(expect.stringMatching(/^\d{4}-/));
    // Reading one again keeps the first reading's time.
    const first = rows.find((r) => r.id === a)!.read_at;
    await c.post(routes.readNotifications.path, { ids: [a] });
    expect((await list(c, m.id)).rows.find((r) => r.id === a)!.read_at).toBe(first);
  });

  it("changes nothing of someone else's: another agent's or an admin's ids of them are ignored", async () => {
    const { m, c } = await fresh();
    const theirs = (await tell(m.id))!;
    for (const client of [otherClient, adminClient]) {
      const res = await client.post(routes.readNotifications.path, { ids: [theirs] });
      expect(res.statusCode).toBe(200);
    }
    expect((await list(c, m.id)).unread).toBe(1);
    // all: true is the caller's all, never everyone's.
    await otherClient.post(routes.readNotifications.path, { all: true });
    expect((await list(c, m.id)).unread).toBe(1);
    expect(await c.post(routes.readNotifications.path, { all: true }).then((r) => r.json())).toEqual({ unread: 0 });
    expect((await list(c, m.id)).rows.every((r) => r.read_at !== null)).toBe(true);
  });

  it('refuses anonymous callers (401) and bad input (400), marking nothing', async () => {
    const { m, c } = await fresh();
    const id = (await tell(m.id))!;
    expect((await t.client().post(routes.readNotifications.path, { ids: [id] })).statusCode).toBe(401);
    for (const [body, message] of [
      [{}, 'Choose at least one notification'],
      [{ ids: [] }, 'Choose at least one notification'],
      [{ ids: 'all' }, 'ids must be a list'],
      [{ ids: ['x'] }, 'Notification id must be a number'],
      [{ ids: [id], all: 'yes' }, 'all must be true or false'],
      [{ ids: Array.from({ length: 501 }, (_, i) => i + 1) }, 'At most 500 notifications at once'],
    ] as const) {
      const res = await c.post(routes.readNotifications.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toBe(message);
    }
    expect((await c.post(routes.readNotifications.path, { ids: [id], extra: 1 })).statusCode).toBe(400);
    expect((await list(c, m.id)).unread).toBe(1);
  });
});

describe('POST /api/notificationpreferences and /api/setnotificationpreferences', () => {
  const allOn = Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, true]));

  it('has every event on by default, and says e-mail is off without SMTP_URL', async () => {
    const { m, c } = await fresh();
    const res = await c.post(routes.notificationPreferences.path, { id: m.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email_enabled: false, email: allOn });
  });

  it('turns events off and on again, keeping the others, and answers the whole choice', async () => {
    const { m, c } = await fresh();
    const off = await c.post(routes.setNotificationPreferences.path, { id: m.id, email: { policy_due: false, ticket_closed: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ email_enabled: false, email: { ...allOn, policy_due: false, ticket_closed: false } });
    const again = await c.post(routes.setNotificationPreferences.path, { id: m.id, email: { ticket_closed: true } });
    expect(again.json().email).toEqual({ ...allOn, policy_due: false });
    expect((await c.post(routes.notificationPreferences.path, { id: m.id })).json().email).toEqual({ ...allOn, policy_due: false });
  });

  it('lets an admin read and set a member’s, refuses another agent (403) and anonymous (401)', async () => {
    const { m, c } = await fresh();
    const set = await adminClient.post(routes.setNotificationPreferences.path, { id: m.id, email: { statement_paid: false } });
    expect(set.statusCode).toBe(200);
    expect((await c.post(routes.notificationPreferences.path, { id: m.id })).json().email.statement_paid).toBe(false);
    expect((await adminClient.post(routes.notificationPreferences.path, { id: m.id })).json().email.statement_paid).toBe(false);
    for (const [client, status] of [
      [otherClient, 403],
      [t.client(), 401],
    ] as const) {
      expect((await client.post(routes.notificationPreferences.path, { id: m.id })).statusCode).toBe(status);
      expect((await client.post(routes.setNotificationPreferences.path, { id: m.id, email: { statement_paid: true } })).statusCode).toBe(
        status,
      );
    }
    expect((await c.post(routes.notificationPreferences.path, { id: m.id })).json().email.statement_paid).toBe(false);
    const missing = await adminClient.post(routes.setNotificationPreferences.path, { id: 1_999_999_999, email: { policy_due: false } });
    expect(missing.statusCode).toBe(404);
    expect((await adminClient.post(routes.notificationPreferences.path, { id: 1_999_999_999 })).statusCode).toBe(404);
  });

  it('refuses an unknown event, a choice that is not true or false, and unknown fields with 400, saving nothing', async () => {
    const { m, c } = await fresh();
    const before = await preferenceRows();
    for (const body of [
      { id: m.id, email: { birthday: false } },
      { id: m.id, email: { policy_due: 'no' } },
      { id: m.id, email: { policy_due: false, birthday: false } },
      { id: m.id, email: 'none' },
      { id: m.id },
      { id: m.id, email: { policy_due: false }, sms: {} },
    ]) {
      const res = await c.post(routes.setNotificationPreferences.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect((await c.post(routes.setNotificationPreferences.path, { id: m.id, email: { policy_due: 'no' } })).json().error).toBe(
      'Each choice must be true or false',
    );
    expect(await preferenceRows()).toEqual(before);
  });
});

describe('notify() with e-mail off', () => {
  it('writes the in-app notification only, whatever the preferences', async () => {
    const { m, c } = await fresh();
    const before = await outboxCount();
    await tell(m.id);
    expect((await list(c, m.id)).unread).toBe(1);
    expect(await outboxCount()).toBe(before);
  });

  it('tells once per dedupe key, however often it is called', async () => {
    const { m, c } = await fresh();
    const params = { saleId: 7, customer: 'Maria Clara', product: 'Comprehensive', expiryDate: '2026-07-31', days: 30 };
    const first = await t.services.notifications.notify(t.db.db, m.id, 'policy_due', params, { dedupeKey: 'policy_due:7:30' });
    const again = await t.services.notifications.notify(t.db.db, m.id, 'policy_due', params, { dedupeKey: 'policy_due:7:30' });
    expect(first).toEqual(expect.any(Number));
    expect(again).toBeNull();
    // Another threshold is another reminder.
    await t.services.notifications.notify(t.db.db, m.id, 'policy_due', { ...params, days: 7 }, { dedupeKey: 'policy_due:7:7' });
    expect((await list(c, m.id)).rows.map((r) => r.title)).toEqual([
      'Renewal due in 7 days: Maria Clara',
      'Renewal due in 30 days: Maria Clara',
    ]);
  });

  it('is written with the transaction of the event, or not at all', async () => {
    const { m, c } = await fresh();
    await expect(
      t.db.db.transaction().execute(async (trx) => {
        await t.services.notifications.notify(trx, m.id, 'member_approved', {});
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect((await list(c, m.id)).rows).toEqual([]);
  });
});

describe('GET /api/mailstatus', () => {
  it('tells admins that e-mail is off and what the outbox holds; others are refused', async () => {
    const res = await adminClient.get(routes.mailStatus.path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email_enabled: false, pending: 0, failed: 0, sent_last_24h: 0 });
    expect((await agentClient.get(routes.mailStatus.path)).statusCode).toBe(403);
    expect((await t.client().get(routes.mailStatus.path)).statusCode).toBe(401);
  });
});
