import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry, PeriodRecord, StatementRecord } from '@ahente/contract/commissions';
import { todayInManila } from '@ahente/contract/dates';
import type { SaleRecord, SalesToVerifyResponse } from '@ahente/contract/sales';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * Verified sales (decision 018): a sale pays nothing until an admin verifies it; a rejected sale
 * never pays and its deal may be sold again. The clock is the test's, so that a month can be closed
 * and the next one too.
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

let clock = new Date('2026-09-15T02:00:00.000Z');
let t: TestApp;
let admin: Member;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  admin = await t.createAdmin();
  adminClient = await t.loginAs(admin);
  for (const [kind, key, rate] of [
    ['product', 'Comprehensive', 10],
    ['product', 'CTPL', 10],
    ['override', 'Manager', 2],
  ] as const) {
    const res = await adminClient.post(routes.setCommissionRate.path, { kind, key, rate, effective_from: todayInManila(clock) });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

async function licensed(over: Parameters<TestApp['createMember']>[0] = {}): Promise<Member> {
  const m = await t.createMember(over);
  await t.licenseMember(m.id);
  return m;
}

async function deal(c: TestClient, member: Member, product = 'Comprehensive', tcv = '1000', customerName = 'Juan dela Cruz') {
  const res = await c.post(routes.addDeal.path, {
    id: member.id,
    customerName,
    transactionType: 'New',
    product,
    tcvValue: tcv,
    effectiveDate: '2026-09-01',
    salesType: 'Direct',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deal.id as number;
}

async function sellDeal(
  c: TestClient,
  member: Member,
  dealid: number,
  product = 'Comprehensive',
  tcv = '1000',
  extra: Record<string, unknown> = {},
) {
  const res = await c.post(routes.addSale.path, {
    id: member.id,
    formData: { dealid, customerName: 'Juan dela Cruz', product, tcv, sales_type: 'Direct', effectiveDate: '2026-09-01', ...extra },
  });
  return res;
}

async function sell(member: Member, product = 'Comprehensive', tcv = '1000', extra: Record<string, unknown> = {}): Promise<SaleRecord> {
  const c = await t.loginAs(member);
  const res = await sellDeal(c, member, await deal(c, member, product, tcv), product, tcv, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sale;
}

async function ledger(id: number): Promise<LedgerEntry[]> {
  const res = await adminClient.post(routes.commissionLedger.path, { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries;
}

async function verify(ids: number[], decision: 'verified' | 'rejected' = 'verified', reason?: string, client = adminClient) {
  return client.post(routes.verifySales.path, { sale_ids: ids, decision, ...(reason ? { reason } : {}) });
}

const salesRows = () => t.db.db.selectFrom('sales').selectAll().orderBy('id').execute();

describe('verifying sales', () => {
  it('writes a new sale unverified, its entries awaiting verification, until an admin verifies it', async () => {
    const agent = await licensed();
    const sale = await sell(agent, 'Comprehensive', '1500');
    expect(sale).toMatchObject({ verification: 'unverified', verified_at: null, verified_by_name: null, rejection_reason: null });
    expect((await ledger(agent.id)).map((e) => [e.status, e.amount])).toEqual([['awaiting', 150]]);
    const summary = (await adminClient.post(routes.commissionSummary.path, { id: agent.id })).json();
    expect(summary).toMatchObject({ awaiting: 150, pending: 0, held: 0, earned_this_month: 0 });

    const res = await verify([sale.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ decision: 'verified', count: 1, tcv: 1500 });
    const [listed] = (await (await t.loginAs(agent)).post(routes.getSales.path, { id: agent.id })).json() as SaleRecord[];
    expect(listed).toMatchObject({ verification: 'verified', verified_by_name: expect.stringMatching(/^First/), rejection_reason: null });
    expect(listed!.verified_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await ledger(agent.id)).map((e) => e.status)).toEqual(['open']);
  });

  it('rejects a sale with a reason: its entries are never paid, it stays listed, and its deal may be sold again', async () => {
    const mgr = await licensed({ position: 'Manager' });
    const agent = await licensed({ referror: mgr.id });
    const c = await t.loginAs(agent);
    const dealId = await deal(c, agent, 'CTPL', '10000000000');
    const first = await sellDeal(c, agent, dealId, 'CTPL', '10000000000');
    expect(first.statusCode).toBe(200);
    // Sold once: a second sale of the deal is refused while the first stands.
    expect((await sellDeal(c, agent, dealId, 'CTPL', '1')).statusCode).toBe(409);

    expect((await verify([first.json().sale.id], 'rejected')).statusCode).toBe(400); // a rejection needs a reason
    const res = await verify([first.json().sale.id], 'rejected', 'TCV does not match the policy');
    expect(res.statusCode, res.body).toBe(200);
    const mine = await ledger(agent.id);
    expect(mine.map((e) => [e.status, e.rejection_reason])).toEqual([['rejected', 'TCV does not match the policy']]);
    expect((await ledger(mgr.id)).map((e) => e.status)).toEqual(['rejected']);
    const summary = (await adminClient.post(routes.commissionSummary.path, { id: agent.id })).json();
    expect(summary).toMatchObject({ awaiting: 0, pending: 0, forfeited: 1_000_000_000 });

    // The deal is open again and is sold for what the policy says.
    const deals = (await c.post(routes.getDeals.path, { id: agent.id })).json();
    expect(deals.find((d: { id: number }) => d.id === dealId)).toMatchObject({ sold: false, sale_id: null });
    const again = await sellDeal(c, agent, dealId, 'CTPL', '1');
    expect(again.statusCode, again.body).toBe(200);
    const sales = (await c.post(routes.getSales.path, { id: agent.id })).json() as SaleRecord[];
    expect(sales.map((s) => [s.tcv, s.verification, s.rejection_reason])).toEqual([
      [1, 'unverified', null],
      [10_000_000_000, 'rejected', 'TCV does not match the policy'],
    ]);
    expect((await c.post(routes.getDeals.path, { id: agent.id })).json().find((d: { id: number }) => d.id === dealId)).toMatchObject({
      sold: true,
      sale_id: again.json().sale.id,
    });
    // Its reports count the sale that stands, not the rejected one.
    const report = (await c.post(routes.reports.path, { id: agent.id, scope: 'own' })).json();
    expect(JSON.stringify(report)).not.toContain('10000000000');
  });

  it('decides a batch all or nothing: one already decided is 409 naming it, and nothing changes', async () => {
    const agent = await licensed();
    const a = await sell(agent);
    const b = await sell(agent);
    const c = await sell(agent);
    expect((await verify([b.id])).statusCode).toBe(200);
    const before = await salesRows();
    const res = await verify([a.id, b.id, c.id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(`Already decided, nothing was changed: sale #${b.id}`);
    expect(await salesRows()).toEqual(before);
    // Unknown sales: 404 naming them; nothing changes.
    const unknown = await verify([a.id, 2_000_000_000]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Sale not found: #2000000000');
    expect(await salesRows()).toEqual(before);
  });

  it('never lets an admin verify their own sale', async () => {
    const seller = await t.createAdmin();
    await t.licenseMember(seller.id);
    const sale = await sell(seller);
    const sellerClient = await t.loginAs(seller);
    // Not on their own list of sales to verify; on another admin's.
    const listed = async (c: TestClient) =>
      ((await c.post(routes.salesToVerify.path, {})).json() as SalesToVerifyResponse).sales.some((s) => s.id === sale.id);
    expect(await listed(sellerClient)).toBe(false);
    expect(await listed(adminClient)).toBe(true);
    const res = await verify([sale.id], 'verified', undefined, sellerClient);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(`You may not verify your own sale: #${sale.id}`);
    expect((await verify([sale.id])).statusCode).toBe(200); // another admin may
  });

  it('never lets an admin verify a sale they entered for an agent, nor one that pays them an override', async () => {
    const listed = async (c: TestClient, id: number) =>
      ((await c.post(routes.salesToVerify.path, {})).json() as SalesToVerifyResponse).sales.some((s) => s.id === id);
    // An admin enters a sale for an agent (their own deal, on their behalf): it records who entered it.
    const clerk = await t.createAdmin();
    const clerkClient = await t.loginAs(clerk);
    const agent = await licensed();
    const res = await sellDeal(clerkClient, agent, await deal(clerkClient, agent));
    expect(res.statusCode, res.body).toBe(200);
    const entered: SaleRecord = res.json().sale;
    const row = await t.db.db
      .selectFrom('sales')
      .select(['member_id', 'entered_by'])
      .where('id', '=', entered.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ member_id: agent.id, entered_by: clerk.id });
    expect(await listed(clerkClient, entered.id)).toBe(false);
    expect(await listed(adminClient, entered.id)).toBe(true);
    const byClerk = await verify([entered.id], 'verified', undefined, clerkClient);
    expect(byClerk.statusCode).toBe(403);
    expect(byClerk.json().error).toBe(`You may not verify a sale you entered: #${entered.id}. Another administrator decides it`);

    // An admin who is also a Manager earns an override on their recruit's sale.
    const leader = await t.createMember({ account_type: 'admin', position: 'Manager' });
    await t.licenseMember(leader.id);
    const leaderClient = await t.loginAs(leader);
    const recruit = await licensed({ referror: leader.id });
    const [a, b] = [await sell(recruit), await sell(recruit)];
    expect((await ledger(leader.id)).filter((e) => e.kind === 'override').map((e) => e.sale_id)).toEqual([b.id, a.id]);
    expect(await listed(leaderClient, a.id)).toBe(false);
    const byLeader = await verify([a.id, b.id], 'verified', undefined, leaderClient);
    expect(byLeader.statusCode).toBe(403);
    expect(byLeader.json().error).toBe(
      `You may not verify sales that pay you a commission: #${a.id} and #${b.id}. Another administrator decides them`,
    );
    // Nothing was decided; the agent's own sale entered by themselves is theirs (entered_by is the agent).
    expect((await salesRows()).filter((s) => [entered.id, a.id, b.id].includes(s.id)).map((s) => s.verification)).toEqual([
      'unverified',
      'unverified',
      'unverified',
    ]);
    expect((await t.db.db.selectFrom('sales').select('entered_by').where('id', '=', a.id).executeTakeFirstOrThrow()).entered_by).toBe(
      recruit.id,
    );
    // Another admin may decide them all.
    expect((await verify([entered.id, a.id, b.id])).statusCode).toBe(200);
  });

  it('lets exactly one of two admins deciding the same sale at once through', async () => {
    const agent = await licensed();
    const sale = await sell(agent);
    const second = await t.loginAs(await t.createAdmin());
    const [r1, r2] = await Promise.all([verify([sale.id]), verify([sale.id], 'rejected', 'Duplicate', second)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const [row] = await t.db.db.selectFrom('sales').select(['verification']).where('id', '=', sale.id).execute();
    expect(row!.verification).toBe(r1.statusCode === 200 ? 'verified' : 'rejected');
  });

  it('refuses bad input with a clear 400 and saves nothing', async () => {
    const before = await salesRows();
    for (const [body, message] of [
      [{ sale_ids: [], decision: 'verified' }, 'Choose at least one sale'],
      [{ sale_ids: [1, 1], decision: 'verified' }, 'Each sale may be listed once'],
      [{ sale_ids: Array.from({ length: 501 }, (_, i) => i + 1), decision: 'verified' }, 'At most 500 sales at once'],
      [{ sale_ids: [1], decision: 'maybe' }, 'Decision must be one of: verified, rejected'],
      [{ sale_ids: 'all', decision: 'verified' }, 'Sale ids must be a list'],
      [{ sale_ids: ['x'], decision: 'verified' }, 'Sale id must be a number'],
    ] as const) {
      const res = await adminClient.post(routes.verifySales.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(await salesRows()).toEqual(before);
  });
});

describe('sales to verify', () => {
  it('lists unverified sales across the agency, largest TCV first, filtered by insurer, product, agent and date, with totals', async () => {
    const ana = await licensed({ f_name: 'Anabelle', l_name: 'Verify' });
    const ben = await licensed({ f_name: 'Benito', l_name: 'Verify' });
    const small = await sell(ana, 'CTPL', '700', { insurer: 'Pioneer', effectiveDate: '2026-08-01' });
    const big = await sell(ben, 'Comprehensive', '90000', { insurer: 'Malayan', effectiveDate: '2026-09-02' });
    const mid = await sell(ana, 'Comprehensive', '5000', { insurer: 'Pioneer', effectiveDate: '2026-09-03' });
    const all: SalesToVerifyResponse = (await adminClient.post(routes.salesToVerify.path, { agent: 'verify' })).json();
    expect(all.sales.map((s) => s.id)).toEqual([big.id, mid.id, small.id]);
    expect(all).toMatchObject({ count: 3, tcv: 95700 });
    expect(all.sales[0]).toMatchObject({ agent_name: 'Benito Verify', member_id: ben.id, insurer: 'Malayan', verification: 'unverified' });
    expect(all.insurers).toEqual(expect.arrayContaining(['Malayan', 'Pioneer']));

    const filtered = async (body: Record<string, unknown>) =>
      ((await adminClient.post(routes.salesToVerify.path, { agent: 'verify', ...body })).json() as SalesToVerifyResponse).sales.map(
        (s) => s.id,
      );
    expect(await filtered({ insurer: 'Pioneer' })).toEqual([mid.id, small.id]);
    expect(await filtered({ product: 'CTPL' })).toEqual([small.id]);
    expect(await filtered({ agent: 'benito' })).toEqual([big.id]);
    expect(await filtered({ from: '2026-09-01', to: '2026-09-02' })).toEqual([big.id]);
    expect(await filtered({ agent: '100%' })).toEqual([]);

    expect((await verify([big.id])).statusCode).toBe(200);
    expect(await filtered({})).toEqual([mid.id, small.id]);
    const bad = await adminClient.post(routes.salesToVerify.path, { from: '2026-09-02', to: '2026-09-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('To must not be before From');
  });
});

describe('closing months with unverified sales', () => {
  it('skips an unverified sale’s entries at a close and posts them at the next close after verification', async () => {
    clock = new Date('2026-09-20T02:00:00.000Z');
    const mgr = await licensed({ position: 'Manager' });
    const agent = await licensed({ referror: mgr.id });
    const verified = await sell(agent, 'Comprehensive', '2000');
    const waiting = await sell(agent, 'Comprehensive', '3000');
    expect((await verify([verified.id])).statusCode).toBe(200);

    const periods: PeriodRecord[] = (await adminClient.get(routes.commissionPeriods.path)).json();
    const before = periods.find((p) => p.period === '2026-09')!;
    const closed = await adminClient.post(routes.closePeriod.path, { period: '2026-09', close_early: true });
    expect(closed.statusCode, closed.body).toBe(200);
    // What the close posted is what the periods list said it would.
    expect(closed.json()).toMatchObject({ entries: before.open_entries, gross: before.open_total });
    const agentStatements = async (): Promise<StatementRecord[]> =>
      (await adminClient.post(routes.commissionStatements.path, { id: agent.id })).json();
    expect((await agentStatements()).map((s) => [s.period, s.gross, s.entry_count])).toEqual([['2026-09', 200, 1]]);
    const waitingEntry = (await ledger(agent.id)).find((e) => e.sale_id === waiting.id)!;
    expect(waitingEntry).toMatchObject({ status: 'awaiting', period: '2026-09', statement_id: null });

    // October: the sale is verified; October's close posts September's late entries with its own.
    clock = new Date('2026-10-05T02:00:00.000Z');
    expect((await verify([waiting.id])).statusCode).toBe(200);
    expect((await ledger(agent.id)).find((e) => e.sale_id === waiting.id)!.status).toBe('open');
    await sell(agent, 'Comprehensive', '100').then((s) => verify([s.id]));
    // The admin's list shows September's late entries on October, the month whose close posts them.
    const october: PeriodRecord[] = (await adminClient.get(routes.commissionPeriods.path)).json();
    expect(october.find((p) => p.period === '2026-09')).toMatchObject({ open_entries: 0, open_total: 0 });
    expect(october.find((p) => p.period === '2026-10')).toMatchObject({ closed_at: null, open_total: 310 + 60 + 2 });
    const res = await adminClient.post(routes.closePeriod.path, { period: '2026-10', close_early: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await agentStatements()).map((s) => [s.period, s.gross, s.entry_count])).toEqual([
      ['2026-10', 310, 2],
      ['2026-09', 200, 1],
    ]);
    expect((await ledger(mgr.id)).every((e) => e.status === 'posted')).toBe(true);
    await expectStatementsReconcile();
  });

  it('keeps every statement equal to its entries when sales are verified while the month closes', async () => {
    clock = new Date('2026-11-10T02:00:00.000Z');
    const agents = [await licensed(), await licensed(), await licensed()];
    const ids: number[] = [];
    for (const agent of agents) for (let i = 0; i < 4; i++) ids.push((await sell(agent, 'Comprehensive', `${1000 + i}`)).id);
    await verify(ids.slice(0, 3));
    const [closed, verified] = await Promise.all([
      adminClient.post(routes.closePeriod.path, { period: '2026-11', close_early: true }),
      verify(ids.slice(3), 'verified', undefined, await t.loginAs(await t.createAdmin())),
    ]);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(verified.statusCode, verified.body).toBe(200);
    await expectStatementsReconcile();
    // Whatever the close did not post is open, payable at the next close: nothing is lost.
    for (const agent of agents) {
      const entries = await ledger(agent.id);
      expect(entries).toHaveLength(4);
      expect(entries.every((e) => e.status === 'posted' || e.status === 'open')).toBe(true);
    }
  });
});

/** Every posted entry is on one statement, and each statement's total and count are its entries'. */
async function expectStatementsReconcile() {
  const statements = await t.db.db.selectFrom('commission_statements').selectAll().execute();
  expect(statements.length).toBeGreaterThan(0);
  for (const st of statements) {
    const sums = await t.db.db
      .selectFrom('commission_entries')
      .select((eb) => [eb.fn.sum<number>('amount_centavos').as('total'), eb.fn.countAll<number>().as('n')])
      .where('statement_id', '=', st.id)
      .executeTakeFirstOrThrow();
    expect([Number(sums.total), Number(sums.n)]).toEqual([Number(st.gross_centavos), st.entry_count]);
  }
}
