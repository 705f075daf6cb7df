import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDateRange } from '@ahente/contract/dates';
import { sumPesos } from '@ahente/contract/money';
import { BAD_CURSOR_MESSAGE, encodeCursor, PAGE_LIMIT_MESSAGE } from '@ahente/contract/paging';
import { routes } from '@ahente/contract/routes';
import { countsAsSale, type SaleRecord, type SalesPageResponse } from '@ahente/contract/sales';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { followPages, seedSales } from '../../../test/paging-seed.ts';

/**
 * POST /api/salespage (decision 036): getsales' list a page at a time, filtered by effective date
 * on the server, with the count of the whole filter and its totals (Number of Sales Made and Total
 * TCV, which leave rejected and cancelled sales out).
 */
let t: TestApp;
type Member = Awaited<ReturnType<TestApp['createMember']>>;
let agent: Member;
let agentClient: TestClient;
let otherClient: TestClient;
let adminClient: TestClient;
const PATH = routes.salesPage.path;

beforeAll(async () => {
  t = await startTestApp();
  ({ agent, agentClient, otherClient, adminClient } = await t.callers());
  await seedSales(t, agent.id, 250);
});
afterAll(() => t.close());

async function page(client: TestClient, body: Record<string, unknown>): Promise<SalesPageResponse> {
  const res = await client.post(PATH, { id: agent.id, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page of the filter, following the cursors. */
async function allPages(client: TestClient, body: Record<string, unknown>): Promise<SalesPageResponse[]> {
  return followPages((cursor) => page(client, { ...body, ...(cursor ? { cursor } : {}) }));
}

async function unpaged(client: TestClient = agentClient): Promise<SaleRecord[]> {
  const res = await client.post(routes.getSales.path, { id: agent.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('POST /api/dealspage', () => {
  it('pages through 250 sales 100 at a time: every sale once, in getsales order, the count and totals of all 250 on each page', async () => {
    const whole = await unpaged();
    expect(whole).toHaveLength(250);
    const pages = await allPages(agentClient, { limit: 100 });
    expect(pages.map((p) => p.rows.length)).toEqual([100, 100, 50]);
    expect(pages.map((p) => p.next_cursor === null)).toEqual([false, false, true]);
    expect(pages.flatMap((p) => p.rows)).toEqual(whole);
    const counted = whole.filter(countsAsSale);
    // Some are rejected or cancelled: listed, not counted.
    expect(counted.length).toBeLessThan(200);
    const totals = { count: 250, counted: counted.length, tcv: sumPesos(counted.map((s) => s.tcv)) };
    for (const p of pages) expect({ count: p.count, counted: p.counted, tcv: p.tcv }).toEqual(totals);
  });

  it('a page size of 100 when no limit is sent; 1 and 500 are allowed', async () => {
    expect((await page(agentClient, {})).rows).toHaveLength(100);
    const one = await page(agentClient, { limit: 1 });
    expect(one.rows.map((d) => d.id)).toEqual([(await unpaged())[0]!.id]);
    const most = await page(agentClient, { limit: 500 });
    expect(most.rows).toHaveLength(250);
    expect(most.next_cursor).toBeNull();
  });

  it('filters by effective date on the server, both ends inclusive, as the screen did: rows, count and totals of the range', async () => {
    const whole = await unpaged();
    for (const range of [
      { from: '2026-01-05', to: '2026-01-20' },
      { from: '2026-01-30', to: '' },
      { from: null, to: '2026-01-03' },
      { from: '2026-01-10', to: '2026-01-10' },
      { from: '2027-01-01', to: '' },
    ]) {
      const wanted = whole.filter((d) => inDateRange(d.effective_date, range.from || undefined, range.to || undefined));
      const pages = await allPages(agentClient, { ...range, limit: 37 });
      expect(
        pages.flatMap((p) => p.rows),
        JSON.stringify(range),
      ).toEqual(wanted);
      const counted = wanted.filter(countsAsSale);
      expect(pages[0]).toMatchObject({ count: wanted.length, counted: counted.length, tcv: sumPesos(counted.map((s) => s.tcv)) });
    }
  });

  it('a sale added between two pages neither repeats nor hides a row of the next page', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    await seedSales(t, m.id, 30, 5);
    const before = (await c.post(routes.getSales.path, { id: m.id })).json() as SaleRecord[];
    const first = (await c.post(PATH, { id: m.id, limit: 10 })).json() as SalesPageResponse;
    // A sale of the newest effective date of all: it goes to the top of page 1, not into page 2.
    const deal = await c.post(routes.addDeal.path, {
      id: m.id,
      customerName: 'Late Client',
      transactionType: 'New',
      product: 'CTPL',
      tcvValue: 1000,
      effectiveDate: '2026-12-31',
    });
    expect(deal.statusCode, deal.body).toBe(200);
    const sale = await c.post(routes.addSale.path, {
      id: m.id,
      formData: {
        dealid: deal.json().deal.id,
        customerName: 'Late Client',
        product: 'CTPL',
        tcv: 1000,
        sales_type: 'Direct',
        effectiveDate: '2026-12-31',
      },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    const second = (await c.post(PATH, { id: m.id, limit: 10, cursor: first.next_cursor })).json() as SalesPageResponse;
    expect([...first.rows, ...second.rows].map((s) => s.id)).toEqual(before.slice(0, 20).map((s) => s.id));
    expect(second.count).toBe(31);
  });

  it('refuses a bad limit or cursor with 400 and its message, and no rows', async () => {
    const first = await page(agentClient, { limit: 10 });
    const tampered = first.next_cursor!.slice(0, -2) + (first.next_cursor!.endsWith('AA') ? 'BB' : 'AA');
    const cases: [Record<string, unknown>, string][] = [
      [{ limit: 0 }, PAGE_LIMIT_MESSAGE],
      [{ limit: 501 }, PAGE_LIMIT_MESSAGE],
      [{ limit: 2.5 }, PAGE_LIMIT_MESSAGE],
      [{ limit: '10' }, PAGE_LIMIT_MESSAGE],
      [{ limit: null }, PAGE_LIMIT_MESSAGE],
      [{ limit: 10, cursor: 'not a cursor' }, BAD_CURSOR_MESSAGE],
      [{ limit: 10, cursor: 'eyJ4IjoxfQ' }, BAD_CURSOR_MESSAGE],
      [{ limit: 10, cursor: tampered }, BAD_CURSOR_MESSAGE],
      [{ limit: 10, cursor: 12 }, BAD_CURSOR_MESSAGE],
      // A cursor of another list, or one naming no real day.
      [{ limit: 10, cursor: encodeCursor('deals', { date: '2026-01-10', id: 5 }) }, BAD_CURSOR_MESSAGE],
      [{ limit: 10, cursor: encodeCursor('sales', { date: '2026-02-30', id: 5 }) }, BAD_CURSOR_MESSAGE],
      [{ limit: 10, cursor: encodeCursor('sales', { date: '2026-01-10', id: -1 }) }, BAD_CURSOR_MESSAGE],
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
    const own = await page(agentClient, { limit: 10 });
    expect(await page(adminClient, { limit: 10 })).toEqual(own);
  });
});
