import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '@ahente/contract/notifications';
import { BAD_CURSOR_MESSAGE, CURSOR_NEEDS_LIMIT, PAGE_LIMIT_MESSAGE, encodeCursor } from '@ahente/contract/paging';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * Notifications newest first by when they were made (decision 023; not by id: a notification
 * written later for an earlier moment sorts by its moment), and the page of all notifications
 * reads them in pages (decision 036's keyset paging: `limit`, `cursor`, `next_cursor`, `count`).
 */
let t: TestApp;
type Member = Awaited<ReturnType<TestApp['createMember']>>;
let agent: Member;
let agentClient: TestClient;
let otherClient: TestClient;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  ({ agent, agentClient, otherClient, adminClient } = await t.callers());
});
afterAll(() => t.close());

/** A notification made at `at` (an ISO timestamp), written now: its id is the newest whatever its moment. */
async function made(memberId: number, title: string, at: string) {
  await t.db.db
    .insertInto('notifications')
    .values({
      member_id: memberId,
      event: 'ticket_answered',
      title,
      body: `${title}.`,
      link: '/help-center',
      dedupe_key: null,
      created_at: at,
    })
    .execute();
}
async function list(client: TestClient, id: number, body: Record<string, unknown> = {}): Promise<NotificationsResponse> {
  const res = await client.post(routes.notifications.path, { id, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describe('the order: newest first by the moment', () => {
  it('a notification written last for an earlier moment comes after the newer ones', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    await made(m.id, 'Three minutes ago', minutesAgo(3));
    await made(m.id, 'July the 10th', '2026-07-10T01:00:00.000Z');
    await made(m.id, 'An hour ago', minutesAgo(60));
    const body = await list(c, m.id);
    expect(body.rows.map((r) => r.title)).toEqual(['Three minutes ago', 'An hour ago', 'July the 10th']);
    // No limit: the bell's answer as before, without paging fields.
    expect(Object.keys(body).sort()).toEqual(['rows', 'unread']);
  });
});

describe('POST /api/notifications with a limit: pages', () => {
  it('pages of `limit`, newest first, each after the cursor the previous gave; count is every one; null after the last', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    // Seven, two of them at the same moment (the id breaks the tie).
    for (let i = 1; i <= 5; i++) await made(m.id, `N${i}`, minutesAgo(100 - i * 10));
    await made(m.id, 'N6', minutesAgo(20));
    await made(m.id, 'N7', minutesAgo(20));
    const first = await list(c, m.id, { limit: 3 });
    expect(first.rows.map((r) => r.title)).toEqual(['N7', 'N6', 'N5']);
    expect(first.count).toBe(7);
    expect(first.unread).toBe(7);
    expect(first.next_cursor).toEqual(expect.any(String));

    // A notification arriving between two pages sorts above the cursor: page 2 neither repeats nor skips.
    await made(m.id, 'Newer', minutesAgo(0));
    const second = await list(c, m.id, { limit: 3, cursor: first.next_cursor });
    expect(second.rows.map((r) => r.title)).toEqual(['N4', 'N3', 'N2']);
    expect(second.count).toBe(8);
    const third = await list(c, m.id, { limit: 3, cursor: second.next_cursor });
    expect(third.rows.map((r) => r.title)).toEqual(['N1']);
    expect(third.next_cursor).toBeNull();

    // Exactly a page's worth left: no next page.
    const all = await list(c, m.id, { limit: 8 });
    expect(all.rows).toHaveLength(8);
    expect(all.next_cursor).toBeNull();
    // unread_only pages the unread ones only.
    await c.post(routes.readNotifications.path, { ids: all.rows.slice(0, 5).map((r) => r.id) });
    const unread = await list(c, m.id, { limit: 2, unread_only: true });
    expect(unread.rows.map((r) => r.title)).toEqual(['N3', 'N2']);
    expect(unread.count).toBe(3);
  });

  it("an admin may page a member's; another agent 403, anonymous 401", async () => {
    await made(agent.id, 'For the agent', minutesAgo(1));
    const page = await list(adminClient, agent.id, { limit: 1 });
    expect(page.rows.map((r) => r.title)).toEqual(['For the agent']);
    expect((await otherClient.post(routes.notifications.path, { id: agent.id, limit: 5 })).statusCode).toBe(403);
    expect((await t.client().post(routes.notifications.path, { id: agent.id, limit: 5 })).statusCode).toBe(401);
    expect(await list(agentClient, agent.id, { limit: 5 })).toMatchObject({ count: 1 });
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['limit 0', { limit: 0 }, 'limit', PAGE_LIMIT_MESSAGE],
    ['limit 501', { limit: 501 }, 'limit', PAGE_LIMIT_MESSAGE],
    ['limit as text', { limit: '5' }, 'limit', PAGE_LIMIT_MESSAGE],
    [
      'a cursor without a limit',
      { cursor: encodeCursor('notifications', { date: '2026-07-10T01:00:00.000Z', id: 5 }) },
      'cursor',
      CURSOR_NEEDS_LIMIT,
    ],
    ["the deals list's cursor", { limit: 5, cursor: encodeCursor('deals', { date: '2026-07-10', id: 5 }) }, 'cursor', BAD_CURSOR_MESSAGE],
    [
      'a cursor holding a calendar date',
      { limit: 5, cursor: encodeCursor('notifications', { date: '2026-07-10', id: 5 }) },
      'cursor',
      BAD_CURSOR_MESSAGE,
    ],
    ['a made-up cursor', { limit: 5, cursor: 'not-a-cursor' }, 'cursor', BAD_CURSOR_MESSAGE],
  ];
  for (const [what, body, path, message] of bad) {
    it(`${what}: 400 naming ${path}, never 500`, async () => {
      const res = await agentClient.post(routes.notifications.path, { id: agent.id, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
      expect(JSON.stringify(res.json())).toContain(path);
    });
  }
});
