import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import readExcelFile from 'read-excel-file/node';
import type { ClosePeriodResponse, LedgerEntry, StatementRecord } from '@ahente/contract/commissions';
import { todayInManila } from '@ahente/contract/dates';
import { pathOf, routes } from '@ahente/contract/routes';
import type { SaleRecord } from '@ahente/contract/sales';
import type { AlphalistResponse, Form2307Summary, WithholdingResponse } from '@ahente/contract/tax';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * Cancellations, carry-forward, the minimum payout and withholding tax (decision 019), with the
 * test's clock so that months close one after another. Amounts are worked out by hand in each test.
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
  for (const [kind, key, rate] of [
    ['product', 'Comprehensive', 10],
    ['override', 'Manager', 2],
  ] as const) {
    const res = await adminClient.post(routes.setCommissionRate.path, { kind, key, rate, effective_from: todayInManila(clock) });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

async function licensed(over: Parameters<TestApp['createMember']>[0] = {}): Promise<Member> {
  const m = await t.createMember(over);
  await t.licenseMember(m.id, { issued_on: '2020-01-01', expires_on: '2099-12-31' });
  return m;
}

/** A manager and an agent they sponsor, both licensed. */
async function team() {
  const mgr = await licensed({ position: 'Manager' });
  const agent = await licensed({ referror: mgr.id });
  return { mgr, agent };
}

async function sell(member: Member, tcv: string, { verify = true } = {}): Promise<SaleRecord> {
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
  const sale: SaleRecord = res.json().sale;
  if (verify) await t.verifySalesInDb([sale.id]);
  return sale;
}

const cancel = (body: Record<string, unknown>, client = adminClient) => client.post(routes.cancelSale.path, body);

async function ledger(id: number): Promise<LedgerEntry[]> {
  const res = await adminClient.post(routes.commissionLedger.path, { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries;
}

async function close(period: string): Promise<ClosePeriodResponse> {
  const res = await adminClient.post(routes.closePeriod.path, { period, close_early: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function statements(id: number): Promise<StatementRecord[]> {
  const res = await adminClient.post(routes.commissionStatements.path, { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const money = (s: StatementRecord) => [s.period, s.brought_forward, s.gross, s.withholding_tax, s.net, s.carried];

async function adjust(memberId: number, amount: string) {
  const res = await adminClient.post(routes.addAdjustment.path, { member_id: memberId, amount, reason: 'Commission from the insurer' });
  expect(res.statusCode, res.body).toBe(200);
}

async function markPaid(statementId: number) {
  const res = await adminClient.post(routes.markStatementPaid.path, {
    statement_id: statementId,
    paid_on: todayInManila(clock),
    reference: `BDO-${statementId}`,
  });
  return res;
}

describe('cancelling a sale after its commission was paid, with a partial refund', () => {
  it('reverses each entry by its share of the refund in the first open month, carries the negative balance, and clears it', async () => {
    at('2026-07-10');
    const { mgr, agent } = await team();
    const sale = await sell(agent, '10000'); // agent ₱1,000.00, manager ₱200.00
    at('2026-07-31');
    await close('2026-07');
    const [july] = await statements(agent.id);
    // ₱1,000.00 gross, 5 % withheld (₱50.00), ₱950.00 to pay: above the ₱500.00 minimum.
    expect(money(july!)).toEqual(['2026-07', 0, 1000, 50, 950, false]);
    // The manager's ₱200.00 − ₱10.00 is below the minimum: carried, and not payable.
    const [mgrJuly] = await statements(mgr.id);
    expect(money(mgrJuly!)).toEqual(['2026-07', 0, 200, 10, 190, true]);
    expect((await markPaid(mgrJuly!.id)).statusCode).toBe(409);
    at('2026-08-02');
    expect((await markPaid(july!.id)).statusCode).toBe(200);

    // Cancelled on 1 August with ₱4,000.00 of the ₱10,000.00 refunded: 40 % of each entry comes back.
    at('2026-08-05');
    const res = await cancel({ sale_id: sale.id, cancelled_on: '2026-08-01', reason: 'Cancelled for non-payment', refund: '4000' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      reversals: 2,
      reversed: -480,
      sale: { id: sale.id, cancelled_on: '2026-08-01', cancel_reason: 'Cancelled for non-payment', refund: 4000 },
    });
    expect(res.json().sale.cancelled_by_name).toMatch(/^First\d+ Last\d+$/);
    const reversal = (await ledger(agent.id)).find((e) => e.kind === 'reversal')!;
    const original = (await ledger(agent.id)).find((e) => e.kind === 'sale')!;
    expect(reversal).toMatchObject({
      amount: -400,
      reverses_id: original.id,
      entry_date: '2026-08-01',
      period: '2026-08',
      status: 'open',
      reason: 'Cancelled for non-payment',
      sale_id: sale.id,
    });
    expect(original.status).toBe('paid');
    expect((await ledger(mgr.id)).find((e) => e.kind === 'reversal')).toMatchObject({ amount: -80, period: '2026-08' });
    // The sale stays listed, cancelled; a second cancellation is refused and reverses nothing more.
    const listed: SaleRecord[] = (await adminClient.post(routes.getSales.path, { id: agent.id })).json();
    expect(listed.map((s) => [s.id, s.cancelled_on, s.refund])).toEqual([[sale.id, '2026-08-01', 4000]]);
    const again = await cancel({ sale_id: sale.id, cancelled_on: '2026-08-02', reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This sale was already cancelled on Aug 1, 2026');
    expect((await ledger(agent.id)).filter((e) => e.kind === 'reversal')).toHaveLength(1);

    // August: the agent's −₱400.00 is carried (no tax on a negative gross); the manager's ₱190.00 brought forward, −₱80.00: ₱110.00 carried.
    at('2026-08-31');
    const august = await close('2026-08');
    expect(august).toMatchObject({ carried: 2, to_pay: 0 });
    expect(money((await statements(agent.id))[0]!)).toEqual(['2026-08', 0, -400, 0, -400, true]);
    expect(money((await statements(mgr.id))[0]!)).toEqual(['2026-08', 190, -80, 0, 110, true]);
    // Nothing of August is in the payout file.
    const payoutAugust = await readExcelFile((await adminClient.get(pathOf(routes.payoutExport, { period: '2026-08' }))).rawPayload);
    expect(payoutAugust[0]!.data.slice(1, -1)).toEqual([]);

    // September: ₱2,000.00 earned; −₱400.00 brought forward; ₱100.00 withheld; ₱1,500.00 paid.
    at('2026-09-10');
    await sell(agent, '20000');
    at('2026-09-30');
    await close('2026-09');
    const [september] = await statements(agent.id);
    expect(money(september!)).toEqual(['2026-09', -400, 2000, 100, 1500, false]);
    // The manager: ₱110.00 + ₱400.00 − ₱20.00 = ₱490.00, still under ₱500.00.
    expect(money((await statements(mgr.id))[0]!)).toEqual(['2026-09', 110, 400, 20, 490, true]);
    const payout = await readExcelFile((await adminClient.get(pathOf(routes.payoutExport, { period: '2026-09' }))).rawPayload);
    const rows = payout[0]!.data.slice(1, -1);
    expect(rows.filter((r) => r[0] === agent.id || r[0] === mgr.id).map((r) => [r[0], r[5]])).toEqual([[agent.id, 1500]]);

    // Reports count the cancelled sale no more: the agent's own sales are the September one only, and
    // their manager's leaderboard for July leaves them out (a ranked seller has a counted sale, decision 021).
    const own = (await (await t.loginAs(agent)).post(routes.reports.path, { id: agent.id, scope: 'own' })).json();
    expect(own.totals).toEqual({ tcv: 20000, count: 1 });
    const teamReport = (
      await (await t.loginAs(mgr)).post(routes.reports.path, { id: mgr.id, scope: 'team', from: '2026-07-01', to: '2026-07-31' })
    ).json();
    expect(teamReport.leaderboard).toEqual([]);
  });
});

describe('cancelling before the close, after the close, and twice at once', () => {
  it('nets an open entry and its reversal on the same statement', async () => {
    at('2026-10-05');
    const agent = await licensed();
    const sale = await sell(agent, '1000'); // ₱100.00, open
    const res = await cancel({ sale_id: sale.id, cancelled_on: '2026-10-05', reason: 'Free-look cancellation' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reversals: 1, reversed: -100, sale: { refund: 1000 } });
    expect((await ledger(agent.id)).map((e) => [e.kind, e.amount, e.status, e.period])).toEqual([
      ['reversal', -100, 'open', '2026-10'],
      ['sale', 100, 'open', '2026-10'],
    ]);
  });

  it('takes a posted, unpaid entry back on the next statement', async () => {
    at('2026-10-06');
    const agent = await licensed();
    const sale = await sell(agent, '50000'); // ₱5,000.00
    await adminClient.post(routes.closePeriod.path, { period: '2026-10', close_early: true });
    expect((await ledger(agent.id))[0]!.status).toBe('posted');
    at('2026-11-03');
    const res = await cancel({ sale_id: sale.id, cancelled_on: '2026-10-20', reason: 'Client cancelled', refund: '12345.67' });
    expect(res.statusCode, res.body).toBe(200);
    // ₱5,000.00 × 12,345.67 ÷ 50,000.00 = ₱1,234.567 → ₱1,234.57 (half up); dated the cancellation day, in November (October is closed).
    expect((await ledger(agent.id)).find((e) => e.kind === 'reversal')).toMatchObject({
      amount: -1234.57,
      entry_date: '2026-10-20',
      period: '2026-11',
    });
  });

  it('reverses once when two admins cancel the same sale at the same moment', async () => {
    at('2026-11-04');
    const agent = await licensed();
    const sale = await sell(agent, '3000');
    const second = await t.loginAs(await t.createAdmin());
    const [r1, r2] = await Promise.all([
      cancel({ sale_id: sale.id, cancelled_on: '2026-11-04', reason: 'First' }),
      cancel({ sale_id: sale.id, cancelled_on: '2026-11-04', reason: 'Second' }, second),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect((await ledger(agent.id)).filter((e) => e.kind === 'reversal').map((e) => e.amount)).toEqual([-300]);
  });

  it('writes the reversal of a held entry held, and lets the decision on the entry decide both', async () => {
    at('2026-11-05');
    const agent = await t.createMember(); // no licence: the entry is held
    const sale = await sell(agent, '2000');
    const res = await cancel({ sale_id: sale.id, cancelled_on: '2026-11-05', reason: 'Free look', refund: '1000' });
    expect(res.statusCode, res.body).toBe(200);
    const [reversal, entry] = await ledger(agent.id);
    expect([reversal!.amount, reversal!.status, entry!.amount, entry!.status]).toEqual([-100, 'held', 200, 'held']);
    const direct = await adminClient.post(routes.forfeitCommission.path, { entry_id: reversal!.id, reason: 'Direct' });
    expect(direct.statusCode).toBe(409);
    expect(direct.json().error).toBe(`A reversal follows the entry it reverses: decide entry #${entry!.id}`);
    await t.licenseMember(agent.id, { issued_on: '2020-01-01', expires_on: '2099-12-31' });
    expect((await adminClient.post(routes.releaseCommission.path, { entry_id: entry!.id })).statusCode).toBe(200);
    expect((await ledger(agent.id)).map((e) => [e.amount, e.status])).toEqual([
      [-100, 'open'],
      [200, 'open'],
    ]);
  });

  it('follows an unverified sale: a cancelled sale that is then rejected pays and takes back nothing', async () => {
    at('2026-11-06');
    const agent = await licensed();
    const sale = await sell(agent, '1000', { verify: false });
    expect((await cancel({ sale_id: sale.id, cancelled_on: '2026-11-06', reason: 'Not issued' })).statusCode).toBe(200);
    expect((await ledger(agent.id)).map((e) => e.status)).toEqual(['awaiting', 'awaiting']);
    const rejected = await adminClient.post(routes.verifySales.path, { sale_ids: [sale.id], decision: 'rejected', reason: 'Not issued' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await ledger(agent.id)).map((e) => e.status)).toEqual(['rejected', 'rejected']);
  });

  it('refuses bad cancellations with a clear message and changes nothing', async () => {
    at('2026-11-07');
    const agent = await licensed();
    const sale = await sell(agent, '1000');
    const rejected = await sell(agent, '1000', { verify: false });
    await adminClient.post(routes.verifySales.path, { sale_ids: [rejected.id], decision: 'rejected', reason: 'Duplicate' });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ sale_id: sale.id, cancelled_on: '2026-11-08', reason: 'x' }, 400, 'Cancelled on cannot be a future date'],
      [
        { sale_id: sale.id, cancelled_on: '2026-11-07', reason: 'x', refund: '1000.01' },
        400,
        'Refund must not be more than the TCV (₱1,000.00)',
      ],
      [{ sale_id: sale.id, cancelled_on: '2026-11-07', reason: 'x', refund: '-5' }, 400, 'Refund must not be negative'],
      [{ sale_id: sale.id, cancelled_on: '2026-02-30', reason: 'x' }, 400, 'Cancelled on must be a real date (YYYY-MM-DD)'],
      [{ sale_id: sale.id, cancelled_on: '2026-11-07', reason: ' ' }, 400, 'Reason is required'],
      [{ sale_id: 999999, cancelled_on: '2026-11-07', reason: 'x' }, 404, 'Sale not found'],
      [
        { sale_id: rejected.id, cancelled_on: '2026-11-07', reason: 'x' },
        409,
        'A rejected sale cannot be cancelled: it was never counted or paid',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await cancel(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error).toContain(message);
    }
    const [row] = await t.db.db.selectFrom('sales').select(['cancelled_on', 'cancelled_at']).where('id', '=', sale.id).execute();
    expect(row).toEqual({ cancelled_on: null, cancelled_at: null });
    expect((await ledger(agent.id)).filter((e) => e.sale_id === sale.id).map((e) => e.kind)).toEqual(['sale']);
  });
});

describe('withholding tax, BIR Form 2307 and the alphalist', () => {
  let payee: Member;
  let other: Member;
  beforeAll(async () => {
    // 2027's third quarter, on months nobody else writes into.
    at('2027-07-05');
    payee = await licensed();
    other = await licensed();
    for (const [m, tin] of [
      [payee, '111222333'],
      [other, null],
    ] as const) {
      // An approved agent's name is an administrator's to correct (decision 027): the admin sets both.
      const res = await adminClient.post(routes.editMember.path, { id: m.id, tin, l_name: m === payee ? 'Dela Cruz' : 'Santos' });
      expect(res.statusCode, res.body).toBe(200);
    }
    await adjust(payee.id, '10000');
    await adjust(other.id, '600');
    at('2027-07-31');
    await close('2027-07');
    // From August on, the payee's declaration says 10 %.
    const set = await adminClient.post(routes.setWithholding.path, {
      member_id: payee.id,
      rate: 10,
      effective_from: '2027-08-01',
      reason: 'Sworn declaration: gross income above ₱3M',
    });
    expect(set.statusCode, set.body).toBe(200);
    at('2027-08-10');
    await adjust(payee.id, '8000');
    at('2027-08-31');
    await close('2027-08');
    at('2027-09-10');
    await adjust(payee.id, '2000.05');
    at('2027-09-30');
    await close('2027-09');
  });

  it('withholds 5 % and then 10 % per statement, half up, with the rate’s ATC', async () => {
    expect((await statements(payee.id)).map((s) => [s.period, s.gross, s.withholding_rate, s.atc, s.withholding_tax, s.net])).toEqual([
      ['2027-09', 2000.05, 10, 'WI071', 200.01, 1800.04], // 200.005 → 200.01
      ['2027-08', 8000, 10, 'WI071', 800, 7200],
      ['2027-07', 10000, 5, 'WI070', 500, 9500],
    ]);
    const rate: WithholdingResponse = (await (await t.loginAs(payee)).post(routes.withholding.path, { id: payee.id })).json();
    expect(rate).toMatchObject({ rate: 10, atc: 'WI071', rate_from: '2027-08-01' });
    expect(rate.history.map((h) => [h.rate, h.effective_from, h.reason])).toEqual([
      [10, '2027-08-01', 'Sworn declaration: gross income above ₱3M'],
    ]);
  });

  it('refuses a rate other than 5 or 10 and a date in the past', async () => {
    for (const [body, message] of [
      [{ member_id: payee.id, rate: 8, effective_from: '2027-12-01', reason: 'x' }, 'Rate must be 5 or 10'],
      [{ member_id: payee.id, rate: 5, effective_from: '2027-01-01', reason: 'x' }, 'Effective from must be today or later'],
      [{ member_id: 999999, rate: 5, effective_from: '2027-12-01', reason: 'x' }, 'not found'],
    ] as const) {
      const res = await adminClient.post(routes.setWithholding.path, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json().error).toContain(message);
    }
  });

  it('lists the member’s 2307s and serves the PDF with the quarter’s income per month and ATC', async () => {
    const c = await t.loginAs(payee);
    const list: Form2307Summary[] = (await c.post(routes.form2307s.path, { id: payee.id })).json();
    expect(list).toEqual([{ year: 2027, quarter: 3, income: 20000.05, tax: 1500.01, deadline: '2027-10-20' }]);
    const pdf = await c.get(pathOf(routes.form2307Pdf, { id: payee.id, year: 2027, quarter: 3 }));
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`BIR2307_2027Q3_${payee.id}.pdf`);
    const text = (await new PDFParse({ data: pdf.rawPayload }).getText()).text;
    for (const expected of [
      '111-222-333',
      '123-456-789-000',
      'Dela Cruz',
      'WI070',
      'WI071',
      '10,000.00',
      '8,000.00',
      '2,000.05',
      '10,000.05',
      '1,000.01',
      '20,000.05',
      '1,500.01',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // No tax in a quarter: 404; another member's: 403.
    expect((await c.get(pathOf(routes.form2307Pdf, { id: payee.id, year: 2027, quarter: 2 }))).statusCode).toBe(404);
    expect((await (await t.loginAs(other)).get(pathOf(routes.form2307Pdf, { id: payee.id, year: 2027, quarter: 3 }))).statusCode).toBe(403);
  });

  it('gives the admin the alphalist as JSON, .xlsx and the .DAT of the BIR’s module, with the same figures', async () => {
    const list: AlphalistResponse = (await adminClient.get(pathOf(routes.alphalist, { year: 2027, quarter: 3 }))).json();
    const mine = list.rows.filter((r) => r.member_id === payee.id || r.member_id === other.id);
    expect(mine.map((r) => [r.member_id, r.tin, r.atc, r.rate, r.months, r.income, r.tax])).toEqual([
      [payee.id, '111-222-333', 'WI070', 5, [10000, 0, 0], 10000, 500],
      [payee.id, '111-222-333', 'WI071', 10, [0, 8000, 2000.05], 10000.05, 1000.01],
      [other.id, null, 'WI070', 5, [600, 0, 0], 600, 30],
    ]);
    expect(list).toMatchObject({ deadline: '2027-10-20', missing_tin: 1 });

    const dat = await adminClient.get(pathOf(routes.alphalistDat, { year: 2027, quarter: 3 }));
    expect(dat.statusCode, dat.body).toBe(200);
    expect(dat.headers['content-disposition']).toContain('1234567890000092027' + '1601EQ.DAT');
    const lines = dat.body.split('\r\n');
    expect(lines[0]).toBe('HQAP,H1601EQ,123456789,0000,"AHENTE INSURANCE AGENCY",09/2027,050');
    const d1 = lines.filter((l) => l.startsWith('D1,'));
    expect(d1).toHaveLength(list.rows.length);
    expect(d1.map((l) => l.split(',')[2])).toEqual(d1.map((_, i) => String(i + 1)));
    const first = (await t.db.db.selectFrom('members').select('f_name').where('id', '=', payee.id).executeTakeFirstOrThrow()).f_name;
    const payeeLines = d1.filter((l) => l.includes(',111222333,')).map((l) => l.split(',').slice(3).join(','));
    expect(payeeLines).toEqual([
      `111222333,0000,"","DELA CRUZ","${first.toUpperCase()}","",09/2027,WI070,5.00,10000.00,500.00`,
      `111222333,0000,"","DELA CRUZ","${first.toUpperCase()}","",09/2027,WI071,10.00,10000.05,1000.01`,
    ]);
    const control = lines.find((l) => l.startsWith('C1,'))!;
    expect(control).toBe(`C1,1601EQ,123456789,0000,09/2027,${list.income.toFixed(2)},${list.tax.toFixed(2)}`);

    const xlsx = await adminClient.get(pathOf(routes.alphalistXlsx, { year: 2027, quarter: 3 }));
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('alphalist_1601EQ_2027Q3.xlsx');
    const [sheet] = await readExcelFile(xlsx.rawPayload);
    const flat = sheet!.data.map((r) => r.join('|'));
    expect(flat.some((r) => r.includes('111-222-333') && r.includes('WI071') && r.includes('10000.05') && r.includes('1000.01'))).toBe(
      true,
    );
  });

  it('answers 409 with what to set when the agency’s TIN is not configured', async () => {
    const bare = await startTestApp({ agencyTin: null, agencyAddress: null, agencyRdo: null });
    try {
      const admin = await bare.loginAs(await bare.createAdmin());
      const res = await admin.get(pathOf(routes.alphalistDat, { year: 2027, quarter: 3 }));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(
        "Set the agency's TIN, address and RDO on Admin Panel → Commissions (Agency tax details) to issue BIR Form 2307 and the alphalist",
      );
      expect((await admin.get(routes.payoutSettings.path)).json()).toMatchObject({ agency_configured: false, minimum_payout: 500 });
    } finally {
      await bare.close();
    }
  });
});

describe('the TIN', () => {
  it('is validated, kept dashed, and never written to the history in full', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    const bad = await c.post(routes.editMember.path, { id: m.id, tin: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('TIN must be 9 digits (000-000-000) or 12 digits with the branch code (000-000-000-000)');
    expect((await c.post(routes.editMember.path, { id: m.id, tin: '987 654 321 000' })).statusCode).toBe(200);
    const [details] = (await c.post(routes.getUserDetails.path, { id: m.id })).json();
    expect(details.tin).toBe('987-654-321-000');
    const audit = await t.db.db.selectFrom('member_audit').select('changes').where('member_id', '=', m.id).execute();
    expect(audit.map((a) => a.changes).join()).not.toContain('987');
  });
});

describe('payout settings', () => {
  it('keeps each version with who set it, and refuses a bad ATC or a negative minimum', async () => {
    for (const [body, message] of [
      [{ minimum_payout: -1, atc_5: 'WI070', atc_10: 'WI071' }, 'Minimum payout must not be negative'],
      [{ minimum_payout: 100, atc_5: 'W070', atc_10: 'WI071' }, 'ATC at 5% must be an ATC such as WI070'],
    ] as const) {
      const res = await adminClient.post(routes.setPayoutSettings.path, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
    }
    const ok = await adminClient.post(routes.setPayoutSettings.path, { minimum_payout: '500', atc_5: 'wi070', atc_10: 'WI071' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ minimum_payout: 500, atc_5: 'WI070', atc_10: 'WI071', agency_configured: true });
    expect(ok.json().updated_by_name).toMatch(/^First\d+ Last\d+$/);
  });
});
