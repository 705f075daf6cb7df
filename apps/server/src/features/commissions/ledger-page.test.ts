import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerResponse } from '@ahente/contract/commissions';
import { BAD_CURSOR_MESSAGE, CURSOR_NEEDS_LIMIT, encodeCursor, PAGE_LIMIT_MESSAGE } from '@ahente/contract/paging';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { followPages, seedLedger } from '../../../test/paging-seed.ts';

/**
 * POST /api/commissionledger with a `limit` (decision 036): the ledger a page at a time, with the
 * count and totals of the whole filter; without one, exactly the answer it always gave.
 */
let t: TestApp;
type Member = Awaited<ReturnType<TestApp['createMember']>>;
let agent: Member;
let agentClient: TestClient;
let otherClient: TestClient;
let adminClient: TestClient;
const PATH = routes.commissionLedger.path;

beforeAll(async () => {
  t = await startTestApp();
  ({ agent, agentClient, otherClient, adminClient } = await t.callers());
  await seedLedger(t, agent.id, 250);
});
afterAll(() => t.close());

async function ledger(client: TestClient, body: Record<string, unknown>): Promise<LedgerResponse> {
  const res = await client.post(PATH, { id: agent.id, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function allPages(client: TestClient, body: Record<string, unknown>): Promise<LedgerResponse[]> {
  return followPages((cursor) => ledger(client, { ...body, ...(cursor ? { cursor } : {}) }));
}

describe('POST /api/commissionledger, paged', () => {
  it('without a limit answers as it always did: every entry, total and totals, nothing more', async () => {
    const whole = await ledger(agentClient, {});
    expect(Object.keys(whole).sort()).toEqual(['entries', 'total', 'totals']);
    expect(whole.entries).toHaveLength(250);
    // Of every status: the totals below are tried on each bucket.
    expect(new Set(whole.entries.map((e) => e.status))).toEqual(new Set(['open', 'awaiting', 'held', 'forfeited', 'rejected']));
  });

  it('pages through 250 entries 100 at a time: every entry once, in order, the count and totals of all 250 on each page', async () => {
    const whole = await ledger(agentClient, {});
    const pages = await allPages(agentClient, { limit: 100 });
    expect(pages.map((p) => p.entries.length)).toEqual([100, 100, 50]);
    expect(pages.map((p) => p.next_cursor === null)).toEqual([false, false, true]);
    expect(pages.flatMap((p) => p.entries)).toEqual(whole.entries);
    for (const p of pages)
      expect({ count: p.count, total: p.total, totals: p.totals }).toEqual({ count: 250, total: whole.total, totals: whole.totals });
  });

  it('keeps the recorded-date and kind filters: the pages and totals of a filter are those of the unpaged filter', async () => {
    for (const filter of [
      { from: '2026-01-05', to: '2026-01-20' },
      { from: '2026-01-30', to: '' },
      { kind: 'adjustment' },
      { from: '2026-01-10', to: '2026-01-10', kind: 'sale' },
      { from: '2027-01-01' },
    ]) {
      const whole = await ledger(agentClient, filter);
      const pages = await allPages(agentClient, { ...filter, limit: 23 });
      expect(
        pages.flatMap((p) => p.entries),
        JSON.stringify(filter),
      ).toEqual(whole.entries);
      expect(pages[0], JSON.stringify(filter)).toMatchObject({ count: whole.entries.length, total: whole.total, totals: whole.totals });
    }
  });

  it('an entry recorded between two pages neither repeats nor hides an entry of the next page', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    await seedLedger(t, m.id, 30, 5);
    const before = (await c.post(PATH, { id: m.id })).json() as LedgerResponse;
    const first = (await c.post(PATH, { id: m.id, limit: 10 })).json() as LedgerResponse;
    // An adjustment recorded today: the newest entry of all, at the top of page 1.
    const added = await adminClient.post(routes.addAdjustment.path, { member_id: m.id, amount: 100, reason: 'Late bonus' });
    expect(added.statusCode, added.body).toBe(200);
    const second = (await c.post(PATH, { id: m.id, limit: 10, cursor: first.next_cursor })).json() as LedgerResponse;
    expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual(before.entries.slice(0, 20).map((e) => e.id));
    expect(second.count).toBe(before.entries.length + 1);
  });

  it('refuses a bad limit or cursor, or a cursor without a limit, with 400 and its message, and no entries', async () => {
    const first = await ledger(agentClient, { limit: 10 });
    const cases: [Record<string, unknown>, string][] = [
      [{ limit: 0 }, PAGE_LIMIT_MESSAGE],
      [{ limit: 501 }, PAGE_LIMIT_MESSAGE],
      [{ limit: 2.5 }, PAGE_LIMIT_MESSAGE],
      [{ limit: 'all' }, PAGE_LIMIT_MESSAGE],
      [{ limit: 10, cursor: 'garbage!' }, BAD_CURSOR_MESSAGE],
      [{ limit: 10, cursor: encodeCursor('deals', { date: '2026-01-10', id: 5 }) }, BAD_CURSOR_MESSAGE],
      [{ limit: 10, cursor: encodeCursor('ledger', { date: '2026-13-01', id: 5 }) }, BAD_CURSOR_MESSAGE],
      [{ cursor: first.next_cursor }, CURSOR_NEEDS_LIMIT],
    ];
    for (const [body, message] of cases) {
      const res = await agentClient.post(PATH, { id: agent.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ error: message, details: [expect.objectContaining({ message })] });
    }
  });

  it('answers 401 anonymous, 403 another agent, 200 the owner and an admin (the same page)', async () => {
    expect((await t.client().post(PATH, { id: agent.id, limit: 10 })).statusCode).toBe(401);
    const foreign = await otherClient.post(PATH, { id: agent.id, limit: 10 });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'You may only act on your own account' });
    const own = await ledger(agentClient, { limit: 10 });
    expect(own.entries).toHaveLength(10);
    expect(await ledger(adminClient, { limit: 10 })).toEqual(own);
  });
});
