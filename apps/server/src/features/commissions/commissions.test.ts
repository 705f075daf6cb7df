import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import readExcelFile from 'read-excel-file/node';
import { PDFParse } from 'pdf-parse';
import type { LedgerEntry, PeriodRecord, RatesResponse, StatementRecord } from '@ahente/contract/commissions';
import { addDays, todayInManila } from '@ahente/contract/dates';
import { pathOf, routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const today = () => todayInManila();
const thisMonth = () => today().slice(0, 7);
function nextMonth(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * A member with verified licences for every line: the tests of this file are about the money of a
 * payable sale; holds and verification have tests of their own (verification.test.ts).
 */
async function member(t: TestApp, over: Parameters<TestApp['createMember']>[0] = {}): Promise<Member> {
  const m = await t.createMember(over);
  await t.licenseMember(m.id);
  return m;
}

/** A little agency per test app: admin, and the helpers every test below uses. */
async function agency(t: TestApp) {
  const admin = await t.createAdmin();
  const adminClient = await t.loginAs(admin);

  async function setRate(kind: 'product' | 'override', key: string, rate: number | string, effective_from = today()) {
    const res = await adminClient.post(routes.setCommissionRate.path, { kind, key, rate, effective_from });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rate;
  }
  async function setPosition(id: number, position: string) {
    const res = await adminClient.post(routes.editMember.path, { id, position });
    expect(res.statusCode, res.body).toBe(200);
  }
  /** Records a deal and makes it a sale, as the agent: returns the sale's id. */
  async function sell(member: Member, product: string, tcv: string, customerName = 'Juan dela Cruz'): Promise<number> {
    const c = await t.loginAs(member);
    const deal = await c.post(routes.addDeal.path, {
      id: member.id,
      customerName,
      transactionType: 'New',
      product,
      tcvValue: tcv,
      effectiveDate: '2026-03-01',
      salesType: 'Direct',
    });
    expect(deal.statusCode, deal.body).toBe(200);
    const sale = await c.post(routes.addSale.path, {
      id: member.id,
      formData: { dealid: deal.json().deal.id, customerName, product, tcv, sales_type: 'Direct', effectiveDate: '2026-03-01' },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    // The agency verifies the sale, as it must before any commission on it is paid (decision 018).
    const verified = await adminClient.post(routes.verifySales.path, { sale_ids: [sale.json().sale.id], decision: 'verified' });
    expect(verified.statusCode, verified.body).toBe(200);
    return sale.json().sale.id;
  }
  async function ledger(client: TestClient, id: number, filter: Record<string, unknown> = {}): Promise<LedgerEntry[]> {
    const res = await client.post(routes.commissionLedger.path, { id, ...filter });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().entries;
  }
  /** Owner (AgencyOwner) ← AM (AgencyManager) ← Manager ← Agent, each sponsoring the next. */
  async function chain() {
    const owner = await member(t, { position: 'AgencyOwner' });
    const am = await member(t, { referror: owner.id, position: 'AgencyManager' });
    const mgr = await member(t, { referror: am.id, position: 'Manager' });
    const agent = await member(t, { referror: mgr.id });
    return { owner, am, mgr, agent };
  }
  return { admin, adminClient, setRate, setPosition, sell, ledger, chain };
}

/** What a member's ledger holds for one sale: [earner, kind, position, rate, amount] in id order. */
const shape = (entries: LedgerEntry[]) => entries.map((e) => [e.kind, e.position, e.rate, e.amount]);

describe('the ledger of a sale', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof agency>>;
  beforeAll(async () => {
    t = await startTestApp();
    a = await agency(t);
    await a.setRate('product', 'Comprehensive', 10);
    await a.setRate('product', 'CTPL', '12.5');
    await a.setRate('product', 'Travel Insurance', 10);
    await a.setRate('override', 'Manager', 3);
    await a.setRate('override', 'AgencyManager', 2);
    await a.setRate('override', 'AgencyOwner', '1.25');
  });
  afterAll(() => t.close());

  it('pays the agent the product rate and each leader up a 4-level chain their override, rounded half-up per entry', async () => {
    const { owner, am, mgr, agent } = await a.chain();
    const saleId = await a.sell(agent, 'Comprehensive', '12345.67', 'Maria Clara');
    // TCV 1,234,567 centavos. Agent 10 % = 123,456.7 → ₱1,234.57; Manager 3 % = 37,037.01 →
    // ₱370.37; Agency Manager 2 % = 24,691.34 → ₱246.91; Agency Owner 1.25 % = 15,432.0875 → ₱154.32.
    const mine = await a.ledger(await t.loginAs(agent), agent.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'sale',
      sale_id: saleId,
      customer_name: 'Maria Clara',
      product: 'Comprehensive',
      rate: 10,
      base: 12345.67,
      amount: 1234.57,
      rule: 'Product rate: Comprehensive',
      status: 'open',
      entry_date: today(),
      period: thisMonth(),
    });
    const expected: [Member, string, number, number][] = [
      [mgr, 'Manager', 3, 370.37],
      [am, 'AgencyManager', 2, 246.91],
      [owner, 'AgencyOwner', 1.25, 154.32],
    ];
    for (const [leader, position, rate, amount] of expected) {
      const entries = await a.ledger(a.adminClient, leader.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        kind: 'override',
        position,
        rate,
        amount,
        sale_id: saleId,
        seller_id: agent.id,
        seller_name: expect.any(String),
        product: 'Comprehensive',
        base: 12345.67,
        // A leader sees the seller, product, base and date, never the customer (decision 017, 018).
        customer_name: null,
      });
    }
  });

  it("keeps the product as the catalogue spells it and words the rule with its label ('Performance Bond')", async () => {
    await a.setRate('product', 'Perfomance Bond', 10);
    const agent = await member(t);
    await a.sell(agent, 'Perfomance Bond', '1000');
    const [entry] = await a.ledger(await t.loginAs(agent), agent.id);
    expect(entry).toMatchObject({ product: 'Perfomance Bond', rule: 'Product rate: Performance Bond', amount: 100 });
  });

  it('rounds each entry half-up: 12.5 % of ₱0.05 is ₱0.01, of ₱0.03 is ₱0.00, and 10 % of ₱0.05 is ₱0.01', async () => {
    const agent = await member(t);
    await a.sell(agent, 'CTPL', '0.05'); // 0.625 centavo → 1
    await a.sell(agent, 'CTPL', '0.03'); // 0.375 centavo → 0
    await a.sell(agent, 'Comprehensive', '0.05'); // 0.5 centavo → 1
    await a.sell(agent, 'Comprehensive', '0.15'); // 1.5 centavos → 2
    const entries = await a.ledger(await t.loginAs(agent), agent.id);
    expect(entries.map((e) => e.amount).sort()).toEqual([0, 0.01, 0.01, 0.02]);
  });

  it('pays a leader who sells no override on their own sale: the leaders above them are paid', async () => {
    const { owner, am, mgr } = await a.chain();
    await a.sell(mgr, 'Comprehensive', '1000');
    expect(shape(await a.ledger(a.adminClient, mgr.id))).toEqual([['sale', null, 10, 100]]);
    expect(shape(await a.ledger(a.adminClient, am.id))).toEqual([['override', 'AgencyManager', 2, 20]]);
    expect(shape(await a.ledger(a.adminClient, owner.id))).toEqual([['override', 'AgencyOwner', 1.25, 12.5]]);
    // The agency owner selling: nobody above, only their own sale.
    await a.sell(owner, 'Comprehensive', '200');
    expect(shape(await a.ledger(a.adminClient, owner.id))).toEqual([
      ['sale', null, 10, 20],
      ['override', 'AgencyOwner', 1.25, 12.5],
    ]);
  });

  it('pays nothing for a product without a rate, and flags it on the schedule', async () => {
    const { mgr, agent } = await a.chain();
    await a.sell(agent, 'Pet Insurance', '5000');
    expect(await a.ledger(a.adminClient, agent.id)).toEqual([]);
    // The overrides still follow the sale: they are rates of their own.
    expect(shape(await a.ledger(a.adminClient, mgr.id))).toEqual([['override', 'Manager', 3, 150]]);
    const rates: RatesResponse = (await a.adminClient.get(routes.commissionRates.path)).json();
    expect(rates.products.find((p) => p.key === 'Pet Insurance')).toMatchObject({ current: null, category: 'Others' });
    expect(rates.products.find((p) => p.key === 'CTPL')).toMatchObject({ current: 12.5, current_from: today(), category: 'Motor' });
  });

  it('keeps today’s rate for today’s sale when a new rate is dated tomorrow', async () => {
    await a.setRate('product', 'Comprehensive', 20, addDays(today(), 1));
    const agent = await member(t);
    await a.sell(agent, 'Comprehensive', '1000');
    expect(shape(await a.ledger(a.adminClient, agent.id))).toEqual([['sale', null, 10, 100]]);
    const rates: RatesResponse = (await a.adminClient.get(routes.commissionRates.path)).json();
    expect(rates.products.find((p) => p.key === 'Comprehensive')).toMatchObject({ current: 10, next: 20, next_from: addDays(today(), 1) });
  });

  it('keeps entries where they were earned when the hierarchy changes later, and pays the new leader from then on', async () => {
    const { mgr, agent } = await a.chain();
    const sponsor = await member(t, { referror: mgr.id });
    const recruit = await member(t, { referror: sponsor.id });
    await a.sell(recruit, 'Comprehensive', '1000');
    await a.setPosition(sponsor.id, 'Manager'); // a promotion after the sale
    expect(shape(await a.ledger(a.adminClient, mgr.id))).toEqual([['override', 'Manager', 3, 30]]);
    expect(await a.ledger(a.adminClient, sponsor.id)).toEqual([]);
    await a.sell(recruit, 'Comprehensive', '2000');
    expect(shape(await a.ledger(a.adminClient, sponsor.id))).toEqual([['override', 'Manager', 3, 60]]);
    expect(shape(await a.ledger(a.adminClient, mgr.id))).toEqual([['override', 'Manager', 3, 30]]);
    expect(agent.id).toBeGreaterThan(0);
  });

  it('does not change a sale’s entries when its deal is edited afterwards', async () => {
    const agent = await member(t);
    const c = await t.loginAs(agent);
    await a.sell(agent, 'Comprehensive', '1000');
    const deals = (await c.post(routes.getDeals.path, { id: agent.id })).json();
    const edit = await c.post(routes.editDeal.path, {
      id: agent.id,
      formData: { dealid: deals[0].id, customerName: 'Someone Else', product: 'CTPL', tcv: '999999', sales_type: 'Direct' },
    });
    expect([200, 409]).toContain(edit.statusCode);
    expect(shape(await a.ledger(c, agent.id))).toEqual([['sale', null, 10, 100]]);
  });

  it('filters the ledger by recorded date (inclusive) and kind, and totals what it lists', async () => {
    const { mgr, agent } = await a.chain();
    await a.sell(agent, 'Comprehensive', '1000');
    await a.sell(mgr, 'Comprehensive', '500');
    const c = await t.loginAs(mgr);
    expect(shape(await a.ledger(c, mgr.id, { kind: 'override' }))).toEqual([['override', 'Manager', 3, 30]]);
    expect(shape(await a.ledger(c, mgr.id, { kind: 'sale' }))).toEqual([['sale', null, 10, 50]]);
    expect(await a.ledger(c, mgr.id, { from: today(), to: today() })).toHaveLength(2);
    expect(await a.ledger(c, mgr.id, { from: addDays(today(), 1) })).toEqual([]);
    expect(await a.ledger(c, mgr.id, { to: addDays(today(), -1) })).toEqual([]);
    const res = await c.post(routes.commissionLedger.path, { id: mgr.id });
    expect(res.json().total).toBe(80);
    for (const bad of [{ kind: 'bonus' }, { from: '2026-02-30' }, { from: '2026-05-02', to: '2026-05-01' }]) {
      const r = await c.post(routes.commissionLedger.path, { id: mgr.id, ...bad });
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('lets a leader read only their own ledger, never their downline’s', async () => {
    const { mgr, agent } = await a.chain();
    await a.sell(agent, 'Comprehensive', '1000');
    const c = await t.loginAs(mgr);
    for (const path of [routes.commissionLedger.path, routes.commissionSummary.path, routes.commissionStatements.path]) {
      expect((await c.post(path, { id: agent.id })).statusCode).toBe(403);
      expect((await c.post(path, { id: mgr.id })).statusCode).toBe(200);
    }
    expect((await t.client().post(routes.commissionLedger.path, { id: mgr.id })).statusCode).toBe(401);
  });
});

describe('rates', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof agency>>;
  beforeAll(async () => {
    t = await startTestApp();
    a = await agency(t);
  });
  afterAll(() => t.close());

  it('keeps every rate set, newest first, and who set it', async () => {
    await a.setRate('product', 'GYRT', 5, addDays(today(), 3));
    await a.setRate('product', 'GYRT', '7.25');
    await a.setRate('product', 'GYRT', 8); // same date: the later one applies
    const rates: RatesResponse = (await a.adminClient.get(routes.commissionRates.path)).json();
    const gyrt = rates.products.find((p) => p.key === 'GYRT')!;
    expect(gyrt).toMatchObject({ current: 8, current_from: today(), next: 5, next_from: addDays(today(), 3), category: 'Group' });
    expect(gyrt.history.map((h) => h.rate)).toEqual([5, 8, 7.25]);
    expect(gyrt.history[0]!.created_by_name).toMatch(/^First\d+ Last\d+$/);
    expect(rates.overrides.map((o) => o.key)).toEqual(['Manager', 'AgencyManager', 'AgencyOwner']);
    expect(rates.products).toHaveLength(22); // the catalogue's
  });

  it('refuses bad rates with a clear 400 and saves nothing', async () => {
    const before = (await a.adminClient.get(routes.commissionRates.path)).json();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ kind: 'product', key: 'Comprehensive', rate: 100.01, effective_from: today() }, /0 to 100/],
      [{ kind: 'product', key: 'Comprehensive', rate: '12.345', effective_from: today() }, /2 decimals/],
      [{ kind: 'product', key: 'Comprehensive', rate: -1, effective_from: today() }, /negative|0 to 100/],
      [{ kind: 'product', key: 'Comprehensive', rate: 'ten', effective_from: today() }, /0 to 100|number/],
      [{ kind: 'product', key: 'Comprehensive', rate: '', effective_from: today() }, /required/],
      [{ kind: 'product', key: 'Car Insurance', rate: 5, effective_from: today() }, /catalogue/],
      [{ kind: 'override', key: 'Agent', rate: 5, effective_from: today() }, /Position must be one of/],
      [{ kind: 'bonus', key: 'Manager', rate: 5, effective_from: today() }, /Kind/],
      [{ kind: 'product', key: 'Comprehensive', rate: 5, effective_from: '2026-02-30' }, /real date/],
      [{ kind: 'product', key: 'Comprehensive', rate: 5, effective_from: addDays(today(), -1) }, /today or later/],
    ];
    for (const [body, message] of cases) {
      const res = await a.adminClient.post(routes.setCommissionRate.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect((await a.adminClient.get(routes.commissionRates.path)).json()).toEqual(before);
  });

  it('accepts 0, 100 and 2 decimals as text or number', async () => {
    expect((await a.setRate('product', 'CGL', 0)).rate).toBe(0);
    expect((await a.setRate('product', 'CGL', '100')).rate).toBe(100);
    expect((await a.setRate('product', 'CGL', 33.33)).rate).toBe(33.33);
    expect((await a.setRate('product', 'CGL', '0.05')).rate).toBe(0.05);
  });
});

describe('adjustments', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof agency>>;
  beforeAll(async () => {
    t = await startTestApp();
    a = await agency(t);
  });
  afterAll(() => t.close());

  it('adds positive and negative corrections with a reason, listed for admins and in the member’s ledger', async () => {
    const agent = await member(t);
    const plus = await a.adminClient.post(routes.addAdjustment.path, { member_id: agent.id, amount: '1500.50', reason: 'March bonus' });
    expect(plus.statusCode, plus.body).toBe(200);
    expect(plus.json().entry).toMatchObject({
      kind: 'adjustment',
      amount: 1500.5,
      reason: 'March bonus',
      rate: null,
      sale_id: null,
      status: 'open',
    });
    const minus = await a.adminClient.post(routes.addAdjustment.path, {
      member_id: agent.id,
      amount: -200.25,
      reason: 'Clawback: cancelled policy',
    });
    expect(minus.statusCode, minus.body).toBe(200);
    const c = await t.loginAs(agent);
    expect((await a.ledger(c, agent.id)).map((e) => [e.amount, e.reason])).toEqual([
      [-200.25, 'Clawback: cancelled policy'],
      [1500.5, 'March bonus'],
    ]);
    const summary = (await c.post(routes.commissionSummary.path, { id: agent.id })).json();
    expect(summary).toEqual({
      month: thisMonth(),
      earned_this_month: 1300.25,
      // Pending: gross, tax the close will withhold (5 % of ₱1,300.25, half up), net
      // (decision 019).
      pending: 1300.25,
      pending_brought_forward: 0,
      pending_tax: 65.01,
      pending_net: 1235.24,
      paid_to_date: 0,
      paid_brought_forward: 0,
      paid_tax: 0,
      paid_net: 0,
      awaiting: 0,
      held: 0,
      forfeited: 0,
    });
    const list = (await a.adminClient.get(routes.commissionAdjustments.path)).json();
    expect(list[0]).toMatchObject({ member_id: agent.id, amount: -200.25, member_name: expect.stringMatching(/^First/) });
    expect(list[0].created_by_name).toMatch(/^First/);
  });

  it('refuses a zero, a bad amount, a missing reason or an unknown member, and saves nothing', async () => {
    const agent = await member(t);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ member_id: agent.id, amount: 0, reason: 'x' }, 400, /not be zero/],
      [{ member_id: agent.id, amount: '10.005', reason: 'x' }, 400, /2 decimals/],
      [{ member_id: agent.id, amount: 'lots', reason: 'x' }, 400, /number/],
      [{ member_id: agent.id, amount: 10, reason: '  ' }, 400, /Reason is required/],
      [{ member_id: agent.id, amount: 10, reason: 'x'.repeat(201) }, 400, /at most 200/],
      [{ member_id: agent.id, amount: 10 }, 400, /Reason is required/],
      [{ member_id: 999999, amount: 10, reason: 'x' }, 404, /not found/i],
    ];
    for (const [body, status, message] of cases) {
      const res = await a.adminClient.post(routes.addAdjustment.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error).toMatch(message);
    }
    expect(await a.ledger(a.adminClient, agent.id)).toEqual([]);
  });
});

describe('closing a month and paying its statements', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof agency>>;
  let chain: Awaited<ReturnType<Awaited<ReturnType<typeof agency>>['chain']>>;
  let statements: StatementRecord[];
  beforeAll(async () => {
    t = await startTestApp();
    a = await agency(t);
    // No minimum payout here: every positive statement is paid (carrying forward is cancellations-tax.test.ts).
    const settings = await a.adminClient.post(routes.setPayoutSettings.path, { minimum_payout: 0, atc_5: 'WI070', atc_10: 'WI071' });
    expect(settings.statusCode, settings.body).toBe(200);
    await a.setRate('product', 'Comprehensive', 10);
    await a.setRate('override', 'Manager', 5);
    chain = await a.chain();
    await a.sell(chain.agent, 'Comprehensive', '1000'); // agent ₱100, manager ₱50
    await a.sell(chain.agent, 'Comprehensive', '0.05'); // agent ₱0.01 (0.5 → 1), manager ₱0.00 (0.25 → 0)
    await a.adminClient.post(routes.addAdjustment.path, { member_id: chain.mgr.id, amount: '-10', reason: 'Correction' });
    // The manager's bank details are on file, the agent's are not.
    const bank = await a.adminClient.post(routes.addUserBanks.path, {
      id: chain.mgr.id,
      bank_name: 'BDO Unibank',
      account_number: '0012 3456 7890',
      account_name: 'Manager Name',
    });
    expect(bank.statusCode, bank.body).toBe(200);
  });
  afterAll(() => t.close());

  it('shows the open month with what a close would post', async () => {
    const periods: PeriodRecord[] = (await a.adminClient.get(routes.commissionPeriods.path)).json();
    expect(periods[0]).toMatchObject({ period: thisMonth(), closed_at: null, open_entries: 5, open_total: 140.01, statements: 0 });
  });

  it('refuses a month not yet begun and a malformed month', async () => {
    for (const [period, status] of [
      [nextMonth(thisMonth()), 400],
      ['2026-13', 400],
      ['2026-1', 400],
      ['', 400],
    ] as const) {
      const res = await a.adminClient.post(routes.closePeriod.path, { period, close_early: true });
      expect(res.statusCode, period).toBe(status);
    }
  });

  it('posts each member’s open entries to one statement, once, even when two admins close at the same moment', async () => {
    const second = await t.loginAs(await t.createAdmin());
    const [r1, r2] = await Promise.all([
      a.adminClient.post(routes.closePeriod.path, { period: thisMonth(), close_early: true }),
      second.post(routes.closePeriod.path, { period: thisMonth(), close_early: true }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const ok = r1.statusCode === 200 ? r1 : r2;
    const refused = r1.statusCode === 200 ? r2 : r1;
    // 5 % withheld by default: ₱100.01 → ₱5.00 (5.0005 half up), ₱40.00 → ₱2.00.
    expect(ok.json()).toEqual({
      period: thisMonth(),
      statements: 2,
      entries: 5,
      gross: 140.01,
      withholding_tax: 7,
      to_pay: 133.01,
      carried: 0,
    });
    expect(refused.json().error).toBe(`${thisMonth()} is already closed`);
    // And a third, later.
    expect((await a.adminClient.post(routes.closePeriod.path, { period: thisMonth(), close_early: true })).statusCode).toBe(409);

    statements = (await a.adminClient.post(routes.periodStatements.path, { period: thisMonth() })).json();
    const byMember = new Map(statements.map((s) => [s.member_id, s]));
    expect(byMember.get(chain.agent.id)).toMatchObject({
      brought_forward: 0,
      gross: 100.01,
      withholding_tax: 5,
      withholding_rate: 5,
      atc: 'WI070',
      net: 95.01,
      carried: false,
      entry_count: 2,
      paid_on: null,
      has_bank_details: false,
    });
    expect(byMember.get(chain.mgr.id)).toMatchObject({
      gross: 40,
      withholding_tax: 2,
      net: 38,
      entry_count: 3,
      paid_on: null,
      has_bank_details: true,
    });
    const entries = await a.ledger(a.adminClient, chain.agent.id);
    expect(entries.every((e) => e.status === 'posted' && e.statement_id === byMember.get(chain.agent.id)!.id)).toBe(true);
    const periods: PeriodRecord[] = (await a.adminClient.get(routes.commissionPeriods.path)).json();
    expect(periods.find((p) => p.period === thisMonth())).toMatchObject({
      open_entries: 0,
      statements: 2,
      statements_gross: 140.01,
      statements_tax: 7,
      statements_to_pay: 133.01,
      carried: 0,
      paid: 0,
      unpaid: 2,
    });
    expect(periods.find((p) => p.period === thisMonth())!.closed_at).not.toBeNull();
  });

  it('puts an entry recorded after the close into the next month, never into the closed statement', async () => {
    await a.sell(chain.agent, 'Comprehensive', '300');
    const open = (await a.ledger(a.adminClient, chain.agent.id)).filter((e) => e.status === 'open');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ amount: 30, entry_date: today(), period: nextMonth(thisMonth()) });
    const again = (await a.adminClient.post(routes.periodStatements.path, { period: thisMonth() })).json();
    expect(again.find((s: StatementRecord) => s.member_id === chain.agent.id).gross).toBe(100.01);
  });

  it('serves the member their statement as a PDF and a workbook, with the agency, the period, every entry and the total', async () => {
    const st = statements.find((s) => s.member_id === chain.agent.id)!;
    const c = await t.loginAs(chain.agent);
    const pdf = await c.get(pathOf(routes.statementPdf, { id: chain.agent.id, statementId: st.id }));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`statement_${thisMonth()}_${chain.agent.id}.pdf`);
    const text = (await new PDFParse({ data: pdf.rawPayload }).getText()).text;
    expect(text).toContain('Ahente Insurance Agency');
    expect(text).toContain(`(${thisMonth()})`);
    expect(text).toContain('₱100.00');
    expect(text).toContain('₱0.01');
    expect(text).toContain('Gross commission ₱100.01');
    expect(text).toContain('Withholding tax (5%, WI070) -₱5.00');
    expect(text).toContain('Net ₱95.01');

    const xlsx = await c.get(pathOf(routes.statementXlsx, { id: chain.agent.id, statementId: st.id }));
    expect(xlsx.statusCode).toBe(200);
    const [sheet] = await readExcelFile(xlsx.rawPayload);
    const rows = sheet!.data;
    expect(rows[0]![0]).toBe('Ahente Insurance Agency');
    expect(rows[3]).toEqual(['Period', thisMonth(), null, null, null, null, null, null, null]);
    const header = rows.findIndex((r) => r[0] === 'Date');
    const gross = rows.findIndex((r) => r[0] === 'Gross commission');
    const body = rows.slice(header + 1, gross).filter((r) => r.some((cell) => cell !== null));
    expect(body.map((r) => [r[1], r[4], r[6], r[7], r[8]])).toEqual([
      ['Own sale', 'Comprehensive', 10, 1000, 100],
      ['Own sale', 'Comprehensive', 10, 0.05, 0.01],
    ]);
    expect(rows.slice(gross).map((r) => [r[0], r[8]])).toEqual([
      ['Gross commission', 100.01],
      ['Withholding tax (5%, WI070)', -5],
      ['Net', 95.01],
    ]);
  });

  it('serves a statement to its member and admins only', async () => {
    const st = statements.find((s) => s.member_id === chain.agent.id)!;
    const url = pathOf(routes.statementPdf, { id: chain.agent.id, statementId: st.id });
    expect((await t.client().get(url)).statusCode).toBe(401);
    expect((await (await t.loginAs(chain.mgr)).get(url)).statusCode).toBe(403);
    expect((await a.adminClient.get(url)).statusCode).toBe(200);
    // Someone else's statement under one's own id is not found.
    const theirs = statements.find((s) => s.member_id === chain.mgr.id)!;
    const c = await t.loginAs(chain.agent);
    expect((await c.get(pathOf(routes.statementXlsx, { id: chain.agent.id, statementId: theirs.id }))).statusCode).toBe(404);
    expect((await c.get(pathOf(routes.statementXlsx, { id: chain.agent.id, statementId: 999999 }))).statusCode).toBe(404);
    expect((await c.get(`/api/commissionstatement/${chain.agent.id}/abc/pdf`)).statusCode).toBe(400);
    const own: StatementRecord[] = (await c.post(routes.commissionStatements.path, { id: chain.agent.id })).json();
    expect(own.map((s) => s.id)).toEqual([st.id]);
  });

  it('exports the payouts for the bank, flagging a member with no bank details instead of dropping them', async () => {
    const res = await a.adminClient.get(pathOf(routes.payoutExport, { period: thisMonth() }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`payouts_${thisMonth()}.xlsx`);
    const [sheet] = await readExcelFile(res.rawPayload);
    const rows = sheet!.data;
    expect(rows[0]).toEqual(['Member ID', 'Member', 'Bank Name', 'Account Number', 'Account Name', 'Amount', 'Note']);
    const byId = new Map(rows.slice(1, -1).map((r) => [r[0], r]));
    // The amount is the net: after withholding.
    expect(byId.get(chain.mgr.id)!.slice(2, 7)).toEqual(['BDO Unibank', '001234567890', 'Manager Name', 38, null]);
    expect(byId.get(chain.agent.id)!.slice(2, 7)).toEqual([null, null, null, 95.01, 'No bank details on file']);
    expect(rows.at(-1)![5]).toBe(133.01);
    expect((await a.adminClient.get(pathOf(routes.payoutExport, { period: '2020-01' }))).statusCode).toBe(404);
    expect((await a.adminClient.get('/api/payoutexport/2020-13')).statusCode).toBe(400);
  });

  it('marks a statement paid once, with a date and a reference', async () => {
    const st = statements.find((s) => s.member_id === chain.mgr.id)!;
    const bad: [Record<string, unknown>, number][] = [
      [{ statement_id: st.id, paid_on: addDays(today(), 1), reference: 'X' }, 400],
      [{ statement_id: st.id, paid_on: '2020-01-01', reference: 'X' }, 400],
      [{ statement_id: st.id, paid_on: today(), reference: '' }, 400],
      [{ statement_id: st.id, paid_on: 'today', reference: 'X' }, 400],
      [{ statement_id: 999999, paid_on: today(), reference: 'X' }, 404],
    ];
    for (const [body, status] of bad) {
      expect((await a.adminClient.post(routes.markStatementPaid.path, body)).statusCode, JSON.stringify(body)).toBe(status);
    }
    const agentClient = await t.loginAs(chain.mgr);
    expect(
      (await agentClient.post(routes.markStatementPaid.path, { statement_id: st.id, paid_on: today(), reference: 'X' })).statusCode,
    ).toBe(403);

    const paid = await a.adminClient.post(routes.markStatementPaid.path, {
      statement_id: st.id,
      paid_on: today(),
      reference: 'BDO-TRX-0042',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().statement).toMatchObject({ id: st.id, paid_on: today(), paid_reference: 'BDO-TRX-0042', gross: 40, net: 38 });
    const again = await a.adminClient.post(routes.markStatementPaid.path, { statement_id: st.id, paid_on: today(), reference: 'Y' });
    expect(again.statusCode).toBe(409);

    const summary = (await agentClient.post(routes.commissionSummary.path, { id: chain.mgr.id })).json();
    // Pending: only the ₱15 override of the sale recorded after the close (5 % of ₱300).
    expect(summary).toMatchObject({ pending: 15, paid_to_date: 40 });
    expect((await a.ledger(agentClient, chain.mgr.id)).map((e) => e.status)).toEqual(['open', 'paid', 'paid', 'paid']);
    // A paid statement leaves the bank's file.
    const [sheet] = await readExcelFile((await a.adminClient.get(pathOf(routes.payoutExport, { period: thisMonth() }))).rawPayload);
    expect(sheet!.data.slice(1, -1).map((r) => r[0])).toEqual([chain.agent.id]);
  });
});

describe('sales recorded while a month is being closed', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof agency>>;
  beforeAll(async () => {
    t = await startTestApp();
    a = await agency(t);
    await a.setRate('product', 'Comprehensive', 10);
    await a.setRate('override', 'Manager', 5);
  });
  afterAll(() => t.close());

  it('loses and double-counts nothing: each entry is on the closed month’s statement or open in the next month', async () => {
    const { mgr, agent } = await a.chain();
    await a.sell(agent, 'Comprehensive', '100');
    const sales = Array.from({ length: 6 }, (_, i) => a.sell(agent, 'Comprehensive', String(100 * (i + 2))));
    const close = a.adminClient.post(routes.closePeriod.path, { period: thisMonth(), close_early: true });
    await Promise.all(sales);
    expect((await close).statusCode).toBe(200);
    for (const member of [agent, mgr]) {
      const entries = await a.ledger(a.adminClient, member.id);
      expect(entries).toHaveLength(7);
      const statements: StatementRecord[] = (await a.adminClient.post(routes.commissionStatements.path, { id: member.id })).json();
      const posted = entries.filter((e) => e.status === 'posted');
      expect(posted.every((e) => e.period === thisMonth() && e.statement_id === statements[0]!.id)).toBe(true);
      expect(entries.filter((e) => e.status === 'open').every((e) => e.period === nextMonth(thisMonth()))).toBe(true);
      const postedCentavos = posted.reduce((s, e) => s + Math.round(e.amount * 100), 0);
      expect(Math.round(statements[0]!.gross * 100)).toBe(postedCentavos);
      expect(statements[0]!.entry_count).toBe(posted.length);
    }
  });
});

describe('who may call the admin routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 to strangers and 403 to agents on every admin route, and changes nothing', async () => {
    const { agent, agentClient } = await t.callers();
    const anonymous = t.client();
    const calls: [string, string, unknown][] = [
      ['GET', routes.commissionRates.path, undefined],
      ['POST', routes.setCommissionRate.path, { kind: 'product', key: 'CTPL', rate: 50, effective_from: today() }],
      ['GET', routes.commissionAdjustments.path, undefined],
      ['POST', routes.addAdjustment.path, { member_id: agent.id, amount: 1000, reason: 'Me' }],
      ['GET', routes.commissionPeriods.path, undefined],
      ['POST', routes.closePeriod.path, { period: thisMonth(), close_early: true }],
      ['POST', routes.periodStatements.path, { period: thisMonth() }],
      ['POST', routes.markStatementPaid.path, { statement_id: 1, paid_on: today(), reference: 'X' }],
      ['GET', pathOf(routes.payoutExport, { period: thisMonth() }), undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await anonymous.request(method as 'GET', url, body)).statusCode, url).toBe(401);
      expect((await agentClient.request(method as 'GET', url, body)).statusCode, url).toBe(403);
    }
    const admin = await t.loginAs(await t.createAdmin());
    expect((await admin.post(routes.commissionLedger.path, { id: agent.id })).json().entries).toEqual([]);
    expect((await admin.get(routes.commissionPeriods.path)).json()).toEqual([]);
  });
});
