import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry, PeriodRecord } from '@ahente/contract/commissions';
import { todayInManila } from '@ahente/contract/dates';
import { routes } from '@ahente/contract/routes';
import type { SaleRecord } from '@ahente/contract/sales';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * Decision 016: the month still running (Manila time) is closed only with `close_early: true`;
 * every month from the first entry's to the current one is listed, empty ones included, each with
 * its state. And a reversal names its sale's day, not an entry number. The clock is the test's: a
 * sale in September 2026, then 2 December 2026 (10:00 in Manila).
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

let clock = new Date('2026-09-10T02:00:00.000Z');
const at = (day: string) => {
  clock = new Date(`${day}T02:00:00.000Z`);
};
let t: TestApp;
let adminClient: TestClient;
let agent: Member;
let agentClient: TestClient;
let september: SaleRecord;
let december: SaleRecord;

async function sell(customerName: string, tcv: string): Promise<SaleRecord> {
  const deal = await agentClient.post(routes.addDeal.path, {
    id: agent.id,
    customerName,
    transactionType: 'New',
    product: 'Comprehensive',
    tcvValue: tcv,
    effectiveDate: todayInManila(clock),
    salesType: 'Direct',
  });
  expect(deal.statusCode, deal.body).toBe(200);
  const res = await agentClient.post(routes.addSale.path, {
    id: agent.id,
    formData: {
      dealid: deal.json().deal.id,
      customerName,
      product: 'Comprehensive',
      tcv,
      sales_type: 'Direct',
      effectiveDate: todayInManila(clock),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const sale: SaleRecord = res.json().sale;
  await t.verifySalesInDb([sale.id]);
  return sale;
}

async function periods(): Promise<PeriodRecord[]> {
  const res = await adminClient.get(routes.commissionPeriods.path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const summary = (list: PeriodRecord[]) => list.map((p) => [p.period, p.state, p.open_entries, p.statements]);

async function ledger(): Promise<LedgerEntry[]> {
  const res = await adminClient.post(routes.commissionLedger.path, { id: agent.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries;
}
const close = (body: unknown, client = adminClient) => client.post(routes.closePeriod.path, body);

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  adminClient = await t.loginAs(await t.createAdmin());
  const rate = await adminClient.post(routes.setCommissionRate.path, {
    kind: 'product',
    key: 'Comprehensive',
    rate: 10,
    effective_from: todayInManila(clock),
  });
  expect(rate.statusCode, rate.body).toBe(200);
  agent = await t.createMember();
  await t.licenseMember(agent.id, { issued_on: '2020-01-01', expires_on: '2099-12-31' });
  agentClient = await t.loginAs(agent);
  september = await sell('Jose Rizal', '10000');
  at('2026-12-02');
  december = await sell('Andres Bonifacio', '20000');
});
afterAll(() => t.close());

describe('a month that cannot be closed early', () => {
  it('lists every month from the first entry to the current one, the empty ones between included, each with its state', async () => {
    expect(summary(await periods())).toEqual([
      ['2026-12', 'running', 1, 0],
      ['2026-11', 'open', 0, 0],
      ['2026-10', 'open', 0, 0],
      ['2026-09', 'open', 1, 0],
    ]);
    const empty = (await periods()).find((p) => p.period === '2026-11')!;
    expect(empty).toMatchObject({
      period: '2026-11',
      state: 'open',
      closed_at: null,
      closed_by_name: null,
      open_total: 0,
      open_entries: 0,
      statements: 0,
      statements_gross: 0,
      statements_tax: 0,
      statements_to_pay: 0,
      carried: 0,
      paid: 0,
      unpaid: 0,
    });
  });

  it('answers 409 to a close of the month still running without close_early, saying what closing it early means, and closes nothing', async () => {
    const before = await ledger();
    for (const body of [{ period: '2026-12' }, { period: '2026-12', close_early: false }]) {
      const res = await close(body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toBe(
        'December 2026 is still running: it ends on the last day of the month, Manila time. Closing it early posts its open entries now, ' +
          'and the commissions of sales recorded later in December 2026 land in the next open month, January 2027. ' +
          'To close it anyway, send close_early: true.',
      );
    }
    expect(summary(await periods())).toEqual([
      ['2026-12', 'running', 1, 0],
      ['2026-11', 'open', 0, 0],
      ['2026-10', 'open', 0, 0],
      ['2026-09', 'open', 1, 0],
    ]);
    // No entry moved or posted.
    expect(await ledger()).toEqual(before);
    expect((await adminClient.post(routes.periodStatements.path, { period: '2026-12' })).json()).toEqual([]);
  });

  it('refuses bad input with 400 and closes nothing', async () => {
    for (const body of [
      { period: '2026-12', close_early: 'true' },
      { period: '2026-12', close_early: 1 },
      { period: '2026-12', close_early: null },
      { period: '2026-13', close_early: true },
      { period: '', close_early: true },
      { close_early: true },
      // A month not begun cannot be closed, early or not.
      { period: '2027-01', close_early: true },
    ]) {
      const res = await close(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await periods()).map((p) => p.state)).toEqual(['running', 'open', 'open', 'open']);
  });

  it('lets administrators only close a month, early or not', async () => {
    for (const body of [
      { period: '2026-12', close_early: true },
      { period: '2026-09', close_early: false },
    ]) {
      expect((await close(body, agentClient)).statusCode).toBe(403);
      expect((await close(body, t.client())).statusCode).toBe(401);
    }
    expect((await periods()).map((p) => p.state)).toEqual(['running', 'open', 'open', 'open']);
  });

  it('closes a past month as always, without close_early', async () => {
    const res = await close({ period: '2026-09' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ period: '2026-09', statements: 1, entries: 1, gross: 1000 });
    expect(summary(await periods())).toEqual([
      ['2026-12', 'running', 1, 0],
      ['2026-11', 'open', 0, 0],
      ['2026-10', 'open', 0, 0],
      ['2026-09', 'closed', 0, 1],
    ]);
  });

  it('closes the month still running with close_early: true; its later sales land in the next month, listed as upcoming', async () => {
    const res = await close({ period: '2026-12', close_early: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ period: '2026-12', statements: 1, entries: 1, gross: 2000 });
    // Once closed, a second close is refused as closed, with or without the flag.
    for (const body of [{ period: '2026-12' }, { period: '2026-12', close_early: true }]) {
      const again = await close(body);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('2026-12 is already closed');
    }

    at('2026-12-10');
    await sell('Emilio Aguinaldo', '30000');
    const list = await periods();
    expect(summary(list)).toEqual([
      ['2027-01', 'upcoming', 1, 0],
      ['2026-12', 'closed_early', 0, 1],
      ['2026-11', 'open', 0, 0],
      ['2026-10', 'open', 0, 0],
      ['2026-09', 'closed', 0, 1],
    ]);
    expect(list[1]!.closed_at).toBe('2026-12-02T02:00:00.000Z');
    expect((await ledger()).find((e) => e.customer_name === 'Emilio Aguinaldo')).toMatchObject({ period: '2027-01', status: 'open' });
  });
});

describe('a reversal names its sale by its day', () => {
  it('gives the reversal the day of the entry it reverses, the day its sale was recorded', async () => {
    at('2026-12-11');
    for (const sale of [september, december]) {
      const res = await adminClient.post(routes.cancelSale.path, {
        sale_id: sale.id,
        cancelled_on: '2026-12-11',
        reason: 'Free-look cancellation',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const entries = await ledger();
    const reversals = entries.filter((e) => e.kind === 'reversal').map((e) => [e.sale_id, e.reverses_date, e.entry_date]);
    expect(reversals.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [september.id, '2026-09-10', '2026-12-11'],
      [december.id, '2026-12-02', '2026-12-11'],
    ]);
    expect(entries.filter((e) => e.kind !== 'reversal').every((e) => e.reverses_date === null)).toBe(true);
  });
});
