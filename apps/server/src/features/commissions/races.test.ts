import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryBucket, type LedgerEntry } from '@ahente/contract/commissions';
import { todayInManila } from '@ahente/contract/dates';
import { routes } from '@ahente/contract/routes';
import type { SaleRecord } from '@ahente/contract/sales';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * A sale's cancellation racing every other decision on its entries (decisions 016, 018 and 019):
 * whatever the order and timing, an entry and its reversal end in the same state (both payable,
 * both held, both forfeited, both awaiting), so they net to zero in every total. On PostgreSQL the
 * requests really run at once (a pool of connections, READ COMMITTED); each race is run several
 * times so that both orders, and the interleavings between them, are met. SQLite runs one
 * transaction at a time and proves the same rule with the requests queued.
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

const ROUNDS = 8;
let clock = new Date('2026-07-10T02:00:00.000Z');
let t: TestApp;
let adminClient: TestClient;
let otherAdmin: TestClient;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  adminClient = await t.loginAs(await t.createAdmin());
  otherAdmin = await t.loginAs(await t.createAdmin());
  for (const [kind, key, rate] of [
    ['product', 'Comprehensive', 10],
    ['override', 'Manager', 2],
  ] as const) {
    const res = await adminClient.post(routes.setCommissionRate.path, { kind, key, rate, effective_from: todayInManila(clock) });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

/** An agent under a manager; each licensed only when told (an unlicensed earner's entry is held). */
async function team({ licensed }: { licensed: boolean }) {
  const mgr = await t.createMember({ position: 'Manager' });
  const agent = await t.createMember({ referror: mgr.id });
  if (licensed) for (const m of [mgr, agent]) await t.licenseMember(m.id);
  return { mgr, agent };
}

async function sell(member: Member, tcv: string, { verify }: { verify: boolean }): Promise<SaleRecord> {
  const c = await t.loginAs(member);
  const day = todayInManila(clock);
  const deal = await c.post(routes.addDeal.path, {
    id: member.id,
    customerName: 'Race Condition Trading',
    transactionType: 'New',
    product: 'Comprehensive',
    tcvValue: tcv,
    effectiveDate: day,
    salesType: 'Direct',
  });
  expect(deal.statusCode, deal.body).toBe(200);
  const res = await c.post(routes.addSale.path, {
    id: member.id,
    formData: {
      dealid: deal.json().deal.id,
      customerName: 'Race Condition Trading',
      product: 'Comprehensive',
      tcv,
      sales_type: 'Direct',
      effectiveDate: day,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const sale: SaleRecord = res.json().sale;
  if (verify) await t.verifySalesInDb([sale.id]);
  return sale;
}

const cancel = (sale: SaleRecord) =>
  adminClient.post(routes.cancelSale.path, { sale_id: sale.id, cancelled_on: todayInManila(clock), reason: 'Free look: refunded in full' });

async function entriesOfSale(members: Member[], saleId: number): Promise<LedgerEntry[]> {
  const all: LedgerEntry[] = [];
  for (const m of members) {
    const res = await adminClient.post(routes.commissionLedger.path, { id: m.id });
    expect(res.statusCode, res.body).toBe(200);
    all.push(...(res.json().entries as LedgerEntry[]).filter((e) => e.sale_id === saleId));
  }
  return all;
}

/**
 * The rule: every entry of the sale has its reversal (a full refund), and the two count the same
 * way, so the sale's entries net to zero in each bucket.
 */
async function expectEntriesAndReversalsAgree(members: Member[], saleId: number, originals: number) {
  const entries = await entriesOfSale(members, saleId);
  const reversals = entries.filter((e) => e.kind === 'reversal');
  const reversed = entries.filter((e) => e.kind !== 'reversal');
  expect(reversed).toHaveLength(originals);
  for (const e of reversed) {
    const r = reversals.find((x) => x.reverses_id === e.id);
    if (e.status === 'forfeited') {
      // A forfeit decided before the cancellation is never paid and is not reversed; one decided
      // after it decides the reversal too.
      if (r) expect([e.id, entryBucket(r.status)]).toEqual([e.id, 'forfeited']);
      continue;
    }
    expect(r, `entry #${e.id} (${e.status}) has no reversal`).toBeDefined();
    expect([e.id, entryBucket(r!.status)]).toEqual([e.id, entryBucket(e.status)]);
    expect(r!.amount).toBe(-e.amount);
  }
}

describe('a cancellation racing the decisions on its entries', () => {
  it('release ∥ cancel: the released entry and its reversal are both payable, and can no longer be decided', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { mgr, agent } = await team({ licensed: false });
      const sale = await sell(agent, '1000', { verify: true });
      // Licensed now, for a licence issued before the sale: the hold may be released.
      await t.licenseMember(agent.id);
      const held = (await entriesOfSale([agent], sale.id)).find((e) => e.kind === 'sale')!;
      expect(held.status).toBe('held');
      const [released, cancelled] = await Promise.all([
        adminClient.post(routes.releaseCommission.path, { entry_id: held.id }),
        cancel(sale),
      ]);
      expect([released.statusCode, cancelled.statusCode], `${released.body} ${cancelled.body}`).toEqual([200, 200]);
      await expectEntriesAndReversalsAgree([mgr, agent], sale.id, 2);
      const entries = await entriesOfSale([agent], sale.id);
      expect(entries.map((e) => entryBucket(e.status)).sort()).toEqual(['payable', 'payable']);
      // Nothing is left to decide: the reversal followed the release.
      const reversal = entries.find((e) => e.kind === 'reversal')!;
      expect((await adminClient.post(routes.releaseCommission.path, { entry_id: reversal.id })).statusCode).toBe(409);
    }
  });

  it('forfeit ∥ cancel: the forfeited entry is never paid and leaves no held amount behind', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { mgr, agent } = await team({ licensed: false });
      const sale = await sell(agent, '1000', { verify: true });
      const held = (await entriesOfSale([agent], sale.id)).find((e) => e.kind === 'sale')!;
      const [forfeited, cancelled] = await Promise.all([
        adminClient.post(routes.forfeitCommission.path, { entry_id: held.id, reason: 'No licence on the day' }),
        cancel(sale),
      ]);
      expect([forfeited.statusCode, cancelled.statusCode], `${forfeited.body} ${cancelled.body}`).toEqual([200, 200]);
      await expectEntriesAndReversalsAgree([mgr, agent], sale.id, 2);
      const summary = await adminClient.post(routes.commissionLedger.path, { id: agent.id });
      // The agent's held total is this sale's nothing: no negative held amount is left.
      expect(summary.json().totals.held).toBe(0);
      expect(summary.json().totals.payable).toBe(0);
    }
  });

  it('verify ∥ cancel: the entries and their reversals both follow the sale', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { mgr, agent } = await team({ licensed: true });
      const sale = await sell(agent, '1000', { verify: false });
      const [verified, cancelled] = await Promise.all([
        otherAdmin.post(routes.verifySales.path, { sale_ids: [sale.id], decision: 'verified' }),
        cancel(sale),
      ]);
      expect([verified.statusCode, cancelled.statusCode], `${verified.body} ${cancelled.body}`).toEqual([200, 200]);
      await expectEntriesAndReversalsAgree([mgr, agent], sale.id, 2);
      const entries = await entriesOfSale([mgr, agent], sale.id);
      expect(entries.every((e) => e.status === 'open')).toBe(true);
    }
  });

  it('close ∥ cancel: the month closes with or without the reversal, and the sale nets to zero', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // A month of its own for each round, every earlier one closed.
      const month = `2027-${String(round + 1).padStart(2, '0')}`;
      clock = new Date(`${month}-15T02:00:00.000Z`);
      const { mgr, agent } = await team({ licensed: true });
      const sale = await sell(agent, '1000', { verify: true });
      const [closed, cancelled] = await Promise.all([
        adminClient.post(routes.closePeriod.path, { period: month, close_early: true }),
        cancel(sale),
      ]);
      expect([closed.statusCode, cancelled.statusCode], `${closed.body} ${cancelled.body}`).toEqual([200, 200]);
      await expectEntriesAndReversalsAgree([mgr, agent], sale.id, 2);
      // What a statement holds of the sale and what is left open for the next close add up to nothing.
      for (const m of [agent, mgr]) {
        const entries = await entriesOfSale([m], sale.id);
        expect(entries.reduce((sum, e) => sum + Math.round(e.amount * 100), 0)).toBe(0);
        expect(entries.every((e) => e.status === 'posted' || e.status === 'open')).toBe(true);
      }
    }
  });
});
