import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthUpToToday } from '@ahente/contract/dates';
import type { AgencySummary, ReportResponse } from '@ahente/contract/reports';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * One definition of a period (decision 023): "this month" runs from the 1st up to today (Manila).
 * On 2 December (Manila) a sale dated 13 December is in neither the reports' "Sales this month",
 * the admin dashboard's figures nor the leaderboard's "This month"; once the 13th comes it is in
 * all three. The clock is the test's.
 */
let clock = new Date('2026-12-01T17:30:00.000Z'); // 2 December 2026, 01:30 in Manila (still 1 December in UTC)
let t: TestApp;
let admin: TestClient;
let owner: Awaited<ReturnType<TestApp['createMember']>>;

async function sell(memberId: number, tcv: string, effectiveDate: string) {
  const deal = await admin.post(routes.addDeal.path, {
    id: memberId,
    customerName: 'Juan dela Cruz',
    transactionType: 'New',
    product: 'CTPL',
    tcvValue: tcv,
    effectiveDate,
  });
  expect(deal.statusCode, deal.body).toBe(200);
  const sale = await admin.post(routes.addSale.path, {
    id: memberId,
    formData: { dealid: deal.json().deal.id, customerName: 'Juan dela Cruz', product: 'CTPL', tcv, sales_type: 'Direct', effectiveDate },
  });
  expect(sale.statusCode, sale.body).toBe(200);
}

async function ok<T>(path: string, body?: unknown): Promise<T> {
  const res = body === undefined ? await admin.get(path) : await admin.post(path, body);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  admin = await t.loginAs(await t.createAdmin());
  owner = await t.createMember({ position: 'AgencyOwner' });
  const agent = await t.createMember({ referror: owner.id });
  await sell(agent.id, '1000', '2026-12-01');
  await sell(agent.id, '2000', '2026-12-02');
  await sell(agent.id, '4000', '2026-12-13'); // later this month: not yet counted
  await sell(agent.id, '8000', '2026-11-30'); // last month
});
afterAll(() => t.close());

describe('monthUpToToday', () => {
  it('the current month runs to today; a past month to its last day; before is the day after', () => {
    expect(monthUpToToday('2026-12', '2026-12-02')).toEqual({ from: '2026-12-01', to: '2026-12-02', before: '2026-12-03' });
    expect(monthUpToToday('2026-11', '2026-12-02')).toEqual({ from: '2026-11-01', to: '2026-11-30', before: '2026-12-01' });
    expect(monthUpToToday('2024-02', '2026-12-02')).toEqual({ from: '2024-02-01', to: '2024-02-29', before: '2024-03-01' });
    expect(monthUpToToday('2026-12', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31', before: '2027-01-01' });
  });
});

describe('"this month" means up to today, Manila', () => {
  it("on 2 December a sale dated 13 December is in neither the report's month, the dashboard's nor the leaderboard's This month", async () => {
    const report = await ok<ReportResponse>(routes.reports.path, { id: owner.id, scope: 'agency', from: '2026-12-01', to: '2026-12-02' });
    expect(report.months.at(-1)).toEqual({ month: '2026-12', tcv: 3000, count: 2 });
    expect(report.months.at(-2)).toEqual({ month: '2026-11', tcv: 8000, count: 1 });
    expect(report.totals).toEqual({ tcv: 11000, count: 3 });
    expect(report.leaderboard?.map((r) => [r.tcv, r.count])).toEqual([[3000, 2]]);

    const summary = await ok<AgencySummary>(routes.agencySummary.path);
    expect(summary.month).toBe('2026-12');
    expect(summary.sales).toEqual({ count: 2, tcv: 3000 });
  });

  it('on 13 December (Manila) the sale of the 13th is counted by all three', async () => {
    clock = new Date('2026-12-12T16:00:00.000Z'); // 13 December, 00:00 in Manila
    const report = await ok<ReportResponse>(routes.reports.path, { id: owner.id, scope: 'agency', from: '2026-12-01', to: '2026-12-13' });
    expect(report.months.at(-1)).toEqual({ month: '2026-12', tcv: 7000, count: 3 });
    expect(report.leaderboard?.map((r) => [r.tcv, r.count])).toEqual([[7000, 3]]);
    expect((await ok<AgencySummary>(routes.agencySummary.path)).sales).toEqual({ count: 3, tcv: 7000 });
  });
});
