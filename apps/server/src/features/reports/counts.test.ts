import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInManila } from '@ahente/contract/dates';
import type { RecruitRecord, TeamSizeResponse } from '@ahente/contract/members';
import { sumPesos } from '@ahente/contract/money';
import type { AgencySummary, ReportResponse } from '@ahente/contract/reports';
import { routes } from '@ahente/contract/routes';
import { countsAsSale, type SaleRecord } from '@ahente/contract/sales';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * Counts that agree (decision 021): the dashboard's Team Size (teamsize), Recruitment
 * (membersrecord), Performance Reports (reports) and the admin's dashboard (agencysummary) count
 * the same members, and the leaderboards rank only approved, active agents with a counted sale.
 *
 *   owner (AgencyOwner)
 *   ├─ mgr (Manager)
 *   │  ├─ a1: ₱1,000.00 this month, ₱500.00 rejected, ₱300.00 cancelled
 *   │  ├─ a2: no sales
 *   │  ├─ p1 (Pending): ₱2,000.00 this month
 *   │  │  └─ p1c
 *   │  ├─ d1 (deactivated): ₱700.00 this month
 *   │  │  └─ d1c
 *   │  └─ staff (an administrator's account)
 *   └─ a3: ₱400.00 rejected
 *   outsider: ₱250.00 this month          pOut (Pending, no sponsor)
 */
let t: TestApp;
type Member = Awaited<ReturnType<TestApp['createMember']>>;
let admin: TestClient;
let owner: Member, mgr: Member, a1: Member, a2: Member, p1: Member, p1c: Member, d1: Member, d1c: Member;
let staff: Member, a3: Member, outsider: Member, pOut: Member;
let mgrClient: TestClient;
const today = todayInManila();
const month = today.slice(0, 7);

/** A sale recorded by an admin for the member, effective today; its id. */
async function sell(member: Member, tcv: string): Promise<number> {
  const deal = await admin.post(routes.addDeal.path, {
    id: member.id,
    customerName: 'Juan dela Cruz',
    transactionType: 'New',
    product: 'CTPL',
    tcvValue: tcv,
    effectiveDate: today,
  });
  expect(deal.statusCode, deal.body).toBe(200);
  const sale = await admin.post(routes.addSale.path, {
    id: member.id,
    formData: {
      dealid: deal.json().deal.id,
      customerName: 'Juan dela Cruz',
      product: 'CTPL',
      tcv,
      sales_type: 'Direct',
      effectiveDate: today,
    },
  });
  expect(sale.statusCode, sale.body).toBe(200);
  return sale.json().sale.id;
}

async function ok<T>(client: TestClient, path: string, body?: unknown): Promise<T> {
  const res = body === undefined ? await client.get(path) : await client.post(path, body);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json();
}
const teamSize = (c: TestClient, id: number) => ok<TeamSizeResponse>(c, routes.teamSize.path, { id });
const recruits = (c: TestClient, id: number) => ok<RecruitRecord[]>(c, routes.membersRecord.path, { id });
const report = (c: TestClient, body: Record<string, unknown>) => ok<ReportResponse>(c, routes.reports.path, body);

beforeAll(async () => {
  t = await startTestApp();
  const adminMember = await t.createAdmin();
  admin = await t.loginAs(adminMember);
  owner = await t.createMember({ position: 'AgencyOwner' });
  mgr = await t.createMember({ position: 'Manager', referror: owner.id });
  a1 = await t.createMember({ referror: mgr.id });
  a2 = await t.createMember({ referror: mgr.id });
  p1 = await t.createMember({ referror: mgr.id, status: 'Pending' });
  p1c = await t.createMember({ referror: p1.id });
  d1 = await t.createMember({ referror: mgr.id });
  d1c = await t.createMember({ referror: d1.id });
  staff = await t.createMember({ referror: mgr.id, account_type: 'admin' });
  a3 = await t.createMember({ referror: owner.id });
  outsider = await t.createMember();
  pOut = await t.createMember({ status: 'Pending' });

  // Commission: 10 % on CTPL; a1 and the outsider licensed, so their verified sales earn.
  const rate = await admin.post(routes.setCommissionRate.path, { kind: 'product', key: 'CTPL', rate: 10, effective_from: today });
  expect(rate.statusCode, rate.body).toBe(200);
  await t.licenseMember(a1.id);
  await t.licenseMember(outsider.id);

  const a1Sale = await sell(a1, '1000');
  const rejected = await sell(a1, '500');
  const cancelled = await sell(a1, '300');
  await sell(p1, '2000');
  await sell(d1, '700');
  const a3Rejected = await sell(a3, '400');
  const outsiderSale = await sell(outsider, '250');
  // The sales were entered by `admin`: another administrator decides them (decision 018).
  const verifier = await t.loginAs(await t.createAdmin());
  const verify = await verifier.post(routes.verifySales.path, { sale_ids: [a1Sale, cancelled, outsiderSale], decision: 'verified' });
  expect(verify.statusCode, verify.body).toBe(200);
  const reject = await verifier.post(routes.verifySales.path, {
    sale_ids: [rejected, a3Rejected],
    decision: 'rejected',
    reason: 'No policy',
  });
  expect(reject.statusCode, reject.body).toBe(200);
  const cancel = await admin.post(routes.cancelSale.path, { sale_id: cancelled, cancelled_on: today, reason: 'Free look' });
  expect(cancel.statusCode, cancel.body).toBe(200);
  expect((await admin.post(routes.deactivateMember.path, { id: d1.id })).statusCode).toBe(200);
  mgrClient = await t.loginAs(mgr);
});
afterAll(() => t.close());

describe('a team counted once (decision 021)', () => {
  it("the dashboard's Team Size, Recruitment and the team report give the same counts", async () => {
    // Counted recruits: a1 and a2 (not p1, Pending; not d1, deactivated; not staff, an administrator).
    // Team members: a1, a2, p1c and d1c (the walk goes through p1 and d1).
    expect(await teamSize(mgrClient, mgr.id)).toEqual({ direct: 2, downline: 4, pending: 1 });

    const list = await recruits(mgrClient, mgr.id);
    expect(list.map((r) => [r.id, r.status])).toEqual([
      [a1.id, 'Approved'],
      [a2.id, 'Approved'],
      [p1.id, 'Pending'],
    ]);
    expect(list.filter((r) => r.status === 'Approved')).toHaveLength(2);
    expect(list.filter((r) => r.status === 'Pending')).toHaveLength(1);

    const team = await report(mgrClient, { id: mgr.id, scope: 'team' });
    expect(team.members).toBe(4);
    // The sales are everyone's below (the Pending and deactivated members' too), counted sales only.
    expect(team.totals).toEqual({ tcv: 3700, count: 3 });
  });

  it("an owner's team reaches every level; an administrator looking at it sees the same counts", async () => {
    const ownerClient = await t.loginAs(owner);
    const size = await teamSize(ownerClient, owner.id);
    expect(size).toEqual({ direct: 2, downline: 6, pending: 0 });
    expect(await teamSize(admin, owner.id)).toEqual(size);
    expect((await report(ownerClient, { id: owner.id })).members).toBe(6);
    expect((await report(admin, { id: owner.id, scope: 'team' })).members).toBe(6);
    expect((await recruits(admin, owner.id)).map((r) => r.id)).toEqual([mgr.id, a3.id]);
  });
});

describe('ranked sellers (decision 021)', () => {
  it("a team's leaderboard: approved, active recruits with a counted sale, at what their Sales screen totals", async () => {
    const r = await report(mgrClient, { id: mgr.id, scope: 'team', from: `${month}-01`, to: today });
    expect(r.leaderboard).toEqual([{ rank: 1, id: a1.id, name: expect.any(String), position: 'Agent', tcv: 1000, count: 1 }]);
    // Neither p1 (Pending, ₱2,000) nor d1 (deactivated, ₱700), nor a2 at ₱0.00.
    // The Sales screen's totals of a1 (contract countsAsSale): the same ₱1,000.00 in one sale.
    const a1Sales = (await ok<SaleRecord[]>(admin, routes.getSales.path, { id: a1.id })).filter(countsAsSale);
    expect([a1Sales.length, sumPesos(a1Sales.map((s) => s.tcv))]).toEqual([1, 1000]);
  });

  it('a member whose only sale was rejected is not ranked: an empty leaderboard, no ₱0.00 rows', async () => {
    const r = await report(await t.loginAs(owner), { id: owner.id, scope: 'team' });
    expect(r.leaderboard).toEqual([]);
  });

  it("the agency's leaderboard ranks every approved, active agent with a counted sale, and nobody else", async () => {
    const r = await report(admin, { id: owner.id, scope: 'agency', from: `${month}-01`, to: today });
    expect(r.leaderboard!.map((l) => [l.id, l.tcv, l.count])).toEqual([
      [a1.id, 1000, 1],
      [outsider.id, 250, 1],
    ]);
  });
});

describe('GET /api/agencysummary', () => {
  it("gives the agency's members, the accounts awaiting approval, and this month's counted sales and commissions", async () => {
    const s = await ok<AgencySummary>(admin, routes.agencySummary.path);
    // owner, mgr, a1, a2, p1c, d1c, a3 and the outsider: not the administrators, p1 and pOut (Pending) nor d1.
    expect(s).toMatchObject({ month, members: 8, pending: 2 });
    // a1 ₱1,000, p1 ₱2,000, d1 ₱700 and the outsider ₱250: not the rejected ₱500 and ₱400 nor the cancelled ₱300.
    expect(s.sales).toEqual({ count: 4, tcv: 3950 });

    // The same figures as the agency's report: its members and its "this month" tiles.
    const agency = await report(admin, { id: owner.id, scope: 'agency' });
    expect(agency.members).toBe(s.members);
    expect(agency.months.at(-1)).toEqual({ month, tcv: s.sales.tcv, count: s.sales.count });

    // Commissions: every member's 'Earned This Month' summed (a1's ₱100.00 and the outsider's ₱25.00
    // on their verified sales; the cancelled sale's commission and its reversal cancel out).
    let earned = 0;
    const everyone = [owner, mgr, a1, a2, p1, p1c, d1, d1c, staff, a3, outsider, pOut];
    for (const m of everyone)
      earned += (await ok<{ earned_this_month: number }>(admin, routes.commissionSummary.path, { id: m.id })).earned_this_month;
    expect(s.commissions).toBe(Math.round(earned * 100) / 100);
    expect(s.commissions).toBe(125);
  });

  it('follows an approval: one fewer awaiting, one more member', async () => {
    const before = await ok<AgencySummary>(admin, routes.agencySummary.path);
    const newcomer = await t.createMember({ status: 'Pending' });
    expect(await ok<AgencySummary>(admin, routes.agencySummary.path)).toMatchObject({
      members: before.members,
      pending: before.pending + 1,
    });
    expect((await admin.post(routes.approveMember.path, { id: newcomer.id })).statusCode).toBe(200);
    expect(await ok<AgencySummary>(admin, routes.agencySummary.path)).toMatchObject({
      members: before.members + 1,
      pending: before.pending,
    });
  });

  it('is for administrators only: 401 logged out, 403 for an agent, a leader included', async () => {
    const anonymous = await t.client().get(routes.agencySummary.path);
    expect(anonymous.statusCode).toBe(401);
    for (const c of [mgrClient, await t.loginAs(owner)]) {
      const res = await c.get(routes.agencySummary.path);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });

  it('takes no input: a query string is ignored, and a POST is not a route', async () => {
    const s = await ok<AgencySummary>(admin, `${routes.agencySummary.path}?members=1`);
    expect(s.members).toBeGreaterThan(1);
    expect((await admin.post(routes.agencySummary.path, {})).statusCode).toBe(404);
  });
});

// Last: it adds members, which the agency's figures above would count.
describe('a change of state', () => {
  it('a recruit approved or deactivated moves every count at once', async () => {
    const top = await t.createMember({ position: 'Manager' });
    const r1 = await t.createMember({ referror: top.id, status: 'Pending' });
    const r2 = await t.createMember({ referror: top.id });
    const c = await t.loginAs(top);
    const counts = async () => {
      const size = await teamSize(c, top.id);
      const list = await recruits(c, top.id);
      const members = (await report(c, { id: top.id, scope: 'team' })).members;
      return { size, approved: list.filter((r) => r.status === 'Approved').length, listed: list.length, members };
    };
    expect(await counts()).toEqual({ size: { direct: 1, downline: 1, pending: 1 }, approved: 1, listed: 2, members: 1 });
    expect((await admin.post(routes.approveMember.path, { id: r1.id })).statusCode).toBe(200);
    expect(await counts()).toEqual({ size: { direct: 2, downline: 2, pending: 0 }, approved: 2, listed: 2, members: 2 });
    expect((await admin.post(routes.deactivateMember.path, { id: r2.id })).statusCode).toBe(200);
    expect(await counts()).toEqual({ size: { direct: 1, downline: 1, pending: 0 }, approved: 1, listed: 1, members: 1 });
  });
});
