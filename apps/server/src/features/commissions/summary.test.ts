import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import readExcelFile from 'read-excel-file/node';
import type { CommissionSummary, PeriodRecord, StatementRecord } from '@ahente/contract/commissions';
import { todayInManila } from '@ahente/contract/dates';
import { pathOf, routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * Decision 019: the summary's Pending and Paid to Date are the statements' brought forward + gross
 * − tax = net, so the dashboard and Commission Tracking show what the statement and the bank's
 * payout say. A member at 10 % withholding, with the test's clock so that months close after they
 * end.
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

let clock = new Date('2026-07-10T02:00:00.000Z');
const at = (day: string) => {
  clock = new Date(`${day}T02:00:00.000Z`);
};
let t: TestApp;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  adminClient = await t.loginAs(await t.createAdmin());
  const res = await adminClient.post(routes.setCommissionRate.path, {
    kind: 'product',
    key: 'Comprehensive',
    rate: 10,
    effective_from: todayInManila(clock),
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

async function sell(member: Member, tcv: string) {
  const c = await t.loginAs(member);
  const deal = await c.post(routes.addDeal.path, {
    id: member.id,
    customerName: 'Juan dela Cruz',
    transactionType: 'New',
    product: 'Comprehensive',
    tcvValue: tcv,
    effectiveDate: todayInManila(clock),
    salesType: 'Direct',
  });
  expect(deal.statusCode, deal.body).toBe(200);
  const res = await c.post(routes.addSale.path, {
    id: member.id,
    formData: {
      dealid: deal.json().deal.id,
      customerName: 'Juan dela Cruz',
      product: 'Comprehensive',
      tcv,
      sales_type: 'Direct',
      effectiveDate: todayInManila(clock),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.verifySalesInDb([res.json().sale.id]);
}

async function summary(id: number, client = adminClient): Promise<CommissionSummary> {
  const res = await client.post(routes.commissionSummary.path, { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** [brought forward, gross, tax, net] of Pending and of Paid to Date. */
const pendingOf = (s: CommissionSummary) => [s.pending_brought_forward, s.pending, s.pending_tax, s.pending_net];
const paidOf = (s: CommissionSummary) => [s.paid_brought_forward, s.paid_to_date, s.paid_tax, s.paid_net];
const money = (s: StatementRecord) => [s.brought_forward, s.gross, s.withholding_tax, s.net];

async function close(period: string) {
  const res = await adminClient.post(routes.closePeriod.path, { period });
  expect(res.statusCode, res.body).toBe(200);
}
/** A closed month's totals as the admin's Statements card shows them: [brought forward, gross, tax, net, to pay, carried forward]. */
async function monthTotals(period: string) {
  const res = await adminClient.get(routes.commissionPeriods.path);
  expect(res.statusCode, res.body).toBe(200);
  const p = (res.json() as PeriodRecord[]).find((r) => r.period === period)!;
  // They reconcile: brought forward + gross − tax = net = to pay + carried forward.
  expect(Math.round((p.statements_brought_forward + p.statements_gross - p.statements_tax) * 100)).toBe(Math.round(p.statements_net * 100));
  expect(Math.round((p.statements_to_pay + p.carried_net) * 100)).toBe(Math.round(p.statements_net * 100));
  return [p.statements_brought_forward, p.statements_gross, p.statements_tax, p.statements_net, p.statements_to_pay, p.carried_net];
}

async function statements(id: number): Promise<StatementRecord[]> {
  const res = await adminClient.post(routes.commissionStatements.path, { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the summary agrees with the statements and the payout', () => {
  let agent: Member;

  beforeAll(async () => {
    agent = await t.createMember();
    await t.licenseMember(agent.id, { issued_on: '2020-01-01', expires_on: '2099-12-31' });
    // 10 % from today on: the member's sworn declaration (decision 019).
    const res = await adminClient.post(routes.setWithholding.path, {
      member_id: agent.id,
      rate: 10,
      effective_from: todayInManila(clock),
      reason: 'Sworn declaration: VAT-registered',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('counts an open month net of the tax its close will withhold, a carried balance as brought forward, and the paid statements at the net the bank received', async () => {
    // July: ₱3,000.00 of TCV earns ₱300.00; 10 % is ₱30.00: ₱270.00 pending, net.
    at('2026-07-10');
    await sell(agent, '3000');
    expect(pendingOf(await summary(agent.id))).toEqual([0, 300, 30, 270]);
    expect(paidOf(await summary(agent.id))).toEqual([0, 0, 0, 0]);

    // Closed once July has ended: ₱270.00 is under the ₱500.00 minimum, carried. Pending still
    // counts it, as the balance the next statement brings forward.
    at('2026-08-01');
    await close('2026-07');
    const [july] = await statements(agent.id);
    expect([...money(july!), july!.carried]).toEqual([0, 300, 30, 270, true]);
    expect(pendingOf(await summary(agent.id))).toEqual([270, 0, 0, 270]);

    // August: ₱10,000.00 earns ₱1,000.00, ₱100.00 withheld; with July's ₱270.00: ₱1,170.00 pending.
    at('2026-08-20');
    await sell(agent, '10000');
    const beforeClose = await summary(agent.id);
    expect(pendingOf(beforeClose)).toEqual([270, 1000, 100, 1170]);

    // The close writes the statement the summary foresaw, to the centavo.
    at('2026-09-01');
    await close('2026-08');
    const [august] = await statements(agent.id);
    expect([...money(august!), august!.carried]).toEqual([270, 1000, 100, 1170, false]);
    const closed = await summary(agent.id);
    expect(pendingOf(closed)).toEqual(money(august!));
    expect(closed.pending_net).toBe(beforeClose.pending_net);
    // The admin's month totals: July's ₱270.00 carried, August's brought forward and paid.
    expect(await monthTotals('2026-07')).toEqual([0, 300, 30, 270, 0, 270]);
    expect(await monthTotals('2026-08')).toEqual([270, 1000, 100, 1170, 1170, 0]);
    expect(paidOf(closed)).toEqual([0, 0, 0, 0]);

    // The payout file pays the net; once marked paid, Paid to Date is that net, and Pending is empty.
    const payout = await readExcelFile((await adminClient.get(pathOf(routes.payoutExport, { period: '2026-08' }))).rawPayload);
    const paidOut = payout[0]!.data.slice(1, -1).find((r) => r[0] === agent.id)!;
    expect(paidOut[5]).toBe(1170);
    at('2026-09-02');
    const mark = await adminClient.post(routes.markStatementPaid.path, {
      statement_id: august!.id,
      paid_on: '2026-09-02',
      reference: 'BDO-0902',
    });
    expect(mark.statusCode, mark.body).toBe(200);
    const paid = await summary(agent.id);
    expect(paid.paid_net).toBe(paidOut[5]);
    expect(paidOf(paid)).toEqual([270, 1000, 100, 1170]);
    expect(pendingOf(paid)).toEqual([0, 0, 0, 0]);

    // September: ₱500.00 earned and a ₱100.00 deduction; tax on the month's positive gross (₱400.00).
    at('2026-09-10');
    await sell(agent, '5000');
    const deduction = await adminClient.post(routes.addAdjustment.path, { member_id: agent.id, amount: '-100', reason: 'Clawback' });
    expect(deduction.statusCode, deduction.body).toBe(200);
    const september = await summary(agent.id);
    expect(pendingOf(september)).toEqual([0, 400, 40, 360]);
    expect(paidOf(september)).toEqual([270, 1000, 100, 1170]);
    // The member reads the same figures as the admin.
    expect(await summary(agent.id, await t.loginAs(agent))).toEqual(september);
  });

  it('estimates no tax on a negative month, and takes a negative carried balance off Pending', async () => {
    at('2026-10-05');
    const member = await t.createMember();
    const minus = await adminClient.post(routes.addAdjustment.path, { member_id: member.id, amount: '-250.50', reason: 'Chargeback' });
    expect(minus.statusCode, minus.body).toBe(200);
    expect(pendingOf(await summary(member.id))).toEqual([0, -250.5, 0, -250.5]);
    at('2026-11-02');
    await close('2026-10');
    const [october] = await statements(member.id);
    expect([...money(october!), october!.carried]).toEqual([0, -250.5, 0, -250.5, true]);
    expect(pendingOf(await summary(member.id))).toEqual([-250.5, 0, 0, -250.5]);
    // The month's negative net is left out of To pay, and shown carried forward.
    expect(await monthTotals('2026-10')).toEqual([0, -250.5, 0, -250.5, 0, -250.5]);
  });

  it('is for the member and admins only, refuses bad input and an unknown member, and never answers 500', async () => {
    const member = await t.createMember();
    const other = await t.loginAs(await t.createMember());
    expect((await other.post(routes.commissionSummary.path, { id: member.id })).statusCode).toBe(403);
    expect((await other.post(routes.commissionSummary.path, { id: 'x' })).statusCode).toBe(400);
    expect((await adminClient.post(routes.commissionSummary.path, {})).statusCode).toBe(400);
    expect((await adminClient.post(routes.commissionSummary.path, { id: 999_999 })).statusCode).toBe(404);
    expect(pendingOf(await summary(member.id))).toEqual([0, 0, 0, 0]);
  });
});
