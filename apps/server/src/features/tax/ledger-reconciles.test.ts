import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMonth, todayInManila } from '@ahente/contract/dates';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * No centavo lost (decision 019): for any sequence of sales, verifications, cancellations,
 * adjustments, closes and payments, each member's ledger equals what was paid, what is payable,
 * what was withheld, what is carried forward and what is not posted yet; and each statement's money
 * follows its rule. fast-check makes the sequences; each run has its own members and its own months
 * (the clock only moves forward).
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

let clock = new Date('2031-01-05T02:00:00.000Z');
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  admin = await t.loginAs(await t.createAdmin());
  for (const [kind, key, rate] of [
    ['product', 'Comprehensive', 12.5],
    ['override', 'Manager', 3],
  ] as const) {
    const res = await admin.post(routes.setCommissionRate.path, { kind, key, rate, effective_from: todayInManila(clock) });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

const action = fc.oneof(
  fc.record({ kind: fc.constant('sell' as const), who: fc.nat(1), tcv: fc.integer({ min: 1, max: 2_000_000 }), verify: fc.boolean() }),
  fc.record({ kind: fc.constant('verify' as const), pick: fc.nat(), reject: fc.boolean() }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), share: fc.integer({ min: 0, max: 100 }) }),
  fc.record({ kind: fc.constant('adjust' as const), who: fc.nat(2), centavos: fc.integer({ min: -500_000, max: 500_000 }) }),
  fc.record({ kind: fc.constant('close' as const) }),
  fc.record({ kind: fc.constant('pay' as const) }),
  fc.record({ kind: fc.constant('rate' as const), who: fc.nat(2), ten: fc.boolean() }),
  fc.record({ kind: fc.constant('minimum' as const), pesos: fc.constantFrom(0, 100, 500, 5000) }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

const pesos = (centavos: number) => (centavos / 100).toFixed(2);

async function run(actions: Action[]) {
  // A new month for each run, and three members: a manager, their agent, and one on their own.
  clock = new Date(`${nextMonth(todayInManila(clock).slice(0, 7))}-05T02:00:00.000Z`);
  const mgr = await t.createMember({ position: 'Manager' });
  const agent = await t.createMember({ referror: mgr.id });
  const solo = await t.createMember();
  for (const m of [mgr, agent, solo]) await t.licenseMember(m.id, { issued_on: '2000-01-01', expires_on: '2099-12-31' });
  const people: Member[] = [agent, solo, mgr];
  const sales: number[] = [];
  for (const a of actions) {
    if (a.kind === 'sell') {
      const seller = people[a.who]!;
      const c = await t.loginAs(seller);
      const tcv = pesos(a.tcv);
      const deal = await c.post(routes.addDeal.path, {
        id: seller.id,
        customerName: 'Prop Test',
        transactionType: 'New',
        product: 'Comprehensive',
        tcvValue: tcv,
        effectiveDate: todayInManila(clock),
        salesType: 'Direct',
      });
      const sale = await c.post(routes.addSale.path, {
        id: seller.id,
        formData: {
          dealid: deal.json().deal.id,
          customerName: 'Prop Test',
          product: 'Comprehensive',
          tcv,
          sales_type: 'Direct',
          effectiveDate: todayInManila(clock),
        },
      });
      expect(sale.statusCode, sale.body).toBe(200);
      sales.push(sale.json().sale.id);
      if (a.verify) await t.verifySalesInDb([sale.json().sale.id]);
    } else if (a.kind === 'verify' && sales.length) {
      const id = sales[a.pick % sales.length]!;
      const res = await admin.post(routes.verifySales.path, {
        sale_ids: [id],
        decision: a.reject ? 'rejected' : 'verified',
        reason: 'Prop',
      });
      expect([200, 409]).toContain(res.statusCode);
    } else if (a.kind === 'cancel' && sales.length) {
      const id = sales[a.pick % sales.length]!;
      const [row] = await t.db.db.selectFrom('sales').select('tcv_centavos').where('id', '=', id).execute();
      const refund = Math.floor((Number(row!.tcv_centavos) * a.share) / 100);
      const res = await admin.post(routes.cancelSale.path, {
        sale_id: id,
        cancelled_on: todayInManila(clock),
        reason: 'Prop',
        refund: pesos(refund),
      });
      expect([200, 409]).toContain(res.statusCode);
    } else if (a.kind === 'adjust' && a.centavos !== 0) {
      const res = await admin.post(routes.addAdjustment.path, { member_id: people[a.who]!.id, amount: pesos(a.centavos), reason: 'Prop' });
      expect(res.statusCode, res.body).toBe(200);
    } else if (a.kind === 'close') {
      const res = await admin.post(routes.closePeriod.path, { period: todayInManila(clock).slice(0, 7), close_early: true });
      expect(res.statusCode, res.body).toBe(200);
      clock = new Date(`${nextMonth(todayInManila(clock).slice(0, 7))}-05T02:00:00.000Z`);
    } else if (a.kind === 'pay') {
      const unpaid = await t.db.db
        .selectFrom('commission_statements')
        .select('id')
        .where(
          'member_id',
          'in',
          people.map((p) => p.id),
        )
        .where('carried', '=', 0)
        .where('paid_on', 'is', null)
        .execute();
      for (const st of unpaid) {
        const res = await admin.post(routes.markStatementPaid.path, {
          statement_id: st.id,
          paid_on: todayInManila(clock),
          reference: 'Prop',
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    } else if (a.kind === 'rate') {
      const res = await admin.post(routes.setWithholding.path, {
        member_id: people[a.who]!.id,
        rate: a.ten ? 10 : 5,
        effective_from: todayInManila(clock),
        reason: 'Prop',
      });
      expect(res.statusCode, res.body).toBe(200);
    } else if (a.kind === 'minimum') {
      const res = await admin.post(routes.setPayoutSettings.path, { minimum_payout: a.pesos, atc_5: 'WI070', atc_10: 'WI071' });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  for (const m of people) await expectReconciled(m.id);
}

/** ledger (not forfeited) = paid + payable + withheld + carried + not yet posted; each statement follows its rule. */
async function expectReconciled(memberId: number) {
  const db = t.db.db;
  const n = (v: unknown) => Number(v ?? 0);
  const ledger = await db
    .selectFrom('commission_entries as e')
    .leftJoin('sales as s', 's.id', 'e.sale_id')
    .leftJoin('commission_entry_decisions as d', 'd.entry_id', 'e.id')
    .select([
      sql<number>`coalesce(sum(e.amount_centavos), 0)`.as('total'),
      sql<number>`coalesce(sum(case when e.statement_id is null then e.amount_centavos else 0 end), 0)`.as('unposted'),
    ])
    .where('e.member_id', '=', memberId)
    .where((eb) => eb.or([eb('s.verification', 'is', null), eb('s.verification', '!=', 'rejected')]))
    .where((eb) => eb.or([eb('d.decision', 'is', null), eb('d.decision', '!=', 'forfeited')]))
    .executeTakeFirstOrThrow();
  const statements = await db.selectFrom('commission_statements').selectAll().where('member_id', '=', memberId).orderBy('period').execute();
  const minimumAt = async (createdAt: string) => {
    const row = await db
      .selectFrom('payout_settings')
      .select('minimum_payout_centavos')
      .where('created_at', '<=', createdAt)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? n(row.minimum_payout_centavos) : 50_000;
  };
  let paid = 0;
  let payable = 0;
  let withheld = 0;
  let carried = 0;
  const consumed = new Set(statements.map((s) => s.brought_forward_from).filter((id) => id !== null));
  for (const st of statements) {
    const gross = n(st.gross_centavos);
    const tax = gross > 0 ? Math.floor((gross * st.withholding_rate_hundredths + 5000) / 10000) : 0;
    expect(n(st.withholding_centavos), `tax of statement ${st.id}`).toBe(tax);
    const bf = st.brought_forward_from === null ? 0 : n(statements.find((p) => p.id === st.brought_forward_from)!.net_centavos);
    expect(n(st.brought_forward_centavos)).toBe(bf);
    const net = bf + gross - tax;
    expect(n(st.net_centavos), `net of statement ${st.id}`).toBe(net);
    expect(st.carried, `carried of statement ${st.id}`).toBe(net < (await minimumAt(st.created_at)) || net < 0 ? 1 : 0);
    withheld += tax;
    if (st.carried === 1) {
      if (!consumed.has(st.id)) carried += net;
    } else if (st.paid_on !== null) paid += net;
    else payable += net;
  }
  expect(n(ledger.total), `member ${memberId}`).toBe(paid + payable + withheld + carried + n(ledger.unposted));
}

describe('the ledger reconciles', () => {
  it('for any sequence of sales, verifications, cancellations, adjustments, closes, payments and rate changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 14 }), async (actions) => {
        await run(actions);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 12), endOnFailure: true },
    );
  }, 120_000);
});
