import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '@ahente/contract/commissions';
import type { ComplianceResponse, LicenseRecord } from '@ahente/contract/licences';
import { pathOf, routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * Licences and held commissions (decision 018): RA 10607 s.307 forbids paying a commission, an
 * override included (s.309), to anyone without a licence. The clock is the test's.
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

const clock = new Date('2026-11-24T02:00:00.000Z'); // 2026-11-24 in Manila
const TODAY = '2026-11-24';
let t: TestApp;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  adminClient = await t.loginAs(await t.createAdmin());
  for (const [kind, key, rate] of [
    ['product', 'Comprehensive', 10],
    ['product', 'Individual', 10],
    ['override', 'Manager', 2],
    ['override', 'AgencyOwner', 1],
  ] as const) {
    const res = await adminClient.post(routes.setCommissionRate.path, { kind, key, rate, effective_from: TODAY });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

const pdf = Buffer.from('%PDF-1.7\nlicence scan');
const licence = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  line: 'Non-Life',
  license_no: 'NL-2026-000123',
  insurer: 'Pioneer Insurance',
  issued_on: '2026-01-05',
  expires_on: '2029-12-31',
  ...over,
});

async function sell(member: Member, product = 'Comprehensive', tcv = '1000', customerName = 'Maria Clara'): Promise<number> {
  const c = await t.loginAs(member);
  const deal = await c.post(routes.addDeal.path, {
    id: member.id,
    customerName,
    transactionType: 'New',
    product,
    tcvValue: tcv,
    effectiveDate: '2026-11-01',
    salesType: 'Direct',
  });
  expect(deal.statusCode, deal.body).toBe(200);
  const sale = await c.post(routes.addSale.path, {
    id: member.id,
    formData: {
      dealid: deal.json().deal.id,
      customerName,
      product,
      tcv,
      sales_type: 'Direct',
      effectiveDate: '2026-11-01',
      policy: 'POL-77',
    },
  });
  expect(sale.statusCode, sale.body).toBe(200);
  return sale.json().sale.id;
}

async function ledger(client: TestClient, id: number): Promise<LedgerEntry[]> {
  const res = await client.post(routes.commissionLedger.path, { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries;
}

const licenceRows = () => t.db.db.selectFrom('licenses').selectAll().orderBy('id').execute();
const storedFiles = async () => {
  const fs = await import('node:fs');
  const dir = `${t.config.storageDir}/licence-scans`;
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

describe('a member’s licences', () => {
  it('adds one’s own licence with a scan, pending, and lists it newest first with the days to expiry', async () => {
    const agent = await t.createMember();
    const c = await t.loginAs(agent);
    const res = await c.postForm(routes.addLicense.path, [
      ...Object.entries(licence(agent.id)).map(([name, value]) => ({ name, value: String(value) })),
      { name: 'scan', filename: 'my licence.pdf', content: pdf },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const saved: LicenseRecord = res.json().license;
    expect(saved).toMatchObject({
      member_id: agent.id,
      line: 'Non-Life',
      license_no: 'NL-2026-000123',
      insurer: 'Pioneer Insurance',
      status: 'pending',
      decided_by_name: null,
      days_to_expiry: 1133,
      has_scan: true,
    });
    const scan = await c.get(saved.scan_url!);
    expect(scan.statusCode).toBe(200);
    expect(scan.headers['content-type']).toBe('application/pdf');
    expect(scan.headers['content-disposition']).toContain(`licence_${saved.id}.pdf`);
    expect(scan.rawPayload.equals(pdf)).toBe(true);

    const second = await c.post(routes.addLicense.path, licence(agent.id, { line: 'HMO', license_no: 'HMO-9', insurer: '' }));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().license).toMatchObject({ insurer: null, has_scan: false, scan_url: null });
    const list: LicenseRecord[] = (await c.post(routes.getLicenses.path, { id: agent.id })).json();
    expect(list.map((l) => l.line)).toEqual(['HMO', 'Non-Life']);
  });

  it('saves an admin’s licence for a member verified at once, in the member’s history', async () => {
    const agent = await t.createMember();
    const res = await adminClient.post(routes.addLicense.path, licence(agent.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().license).toMatchObject({ status: 'verified', decided_by_name: expect.stringMatching(/^First/) });
    const history = (await adminClient.post(routes.memberHistory.path, { id: agent.id })).json();
    expect(history[0]).toMatchObject({ action: 'licence_added' });
  });

  it('refuses bad licences with a clear 400, and keeps neither a row nor a scan', async () => {
    const agent = await t.createMember();
    const c = await t.loginAs(agent);
    const rows = await licenceRows();
    const files = await storedFiles();
    for (const [over, message] of [
      [
        { line: 'Life and Death' },
        'Line must be one of: Life, Variable Life, Accident and Health, Non-Life, HMO, Pre-Need, Life Microinsurance, Non-Life Microinsurance',
      ],
      [{ license_no: '' }, 'Licence number is required'],
      [{ license_no: 'x'.repeat(41) }, 'Licence number must be at most 40 characters'],
      [{ issued_on: '2026-02-30' }, 'Issued on must be a real date (YYYY-MM-DD)'],
      [{ expires_on: '2026-01-05' }, 'Expires on must be after Issued on'],
      [{ issued_on: '2026-11-25', expires_on: '2029-12-31' }, 'Issued on cannot be a future date'],
    ] as const) {
      const res = await c.post(routes.addLicense.path, licence(agent.id, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error).toBe(message);
      // The same through a form with a scan: the stored scan is removed.
      const form = await c.postForm(routes.addLicense.path, [
        ...Object.entries(licence(agent.id, over)).map(([name, value]) => ({ name, value: String(value) })),
        { name: 'scan', filename: 'scan.pdf', content: pdf },
      ]);
      expect(form.statusCode, JSON.stringify(over)).toBe(400);
    }
    const notAScan = await c.postForm(routes.addLicense.path, [
      ...Object.entries(licence(agent.id)).map(([name, value]) => ({ name, value: String(value) })),
      { name: 'scan', filename: 'scan.exe', content: Buffer.from('MZ\x90\x00 not a scan') },
    ]);
    expect(notAScan.statusCode).toBe(415);
    expect(await licenceRows()).toEqual(rows);
    expect(await storedFiles()).toBe(files);
  });

  it('shows a member’s licences to their leaders without the number or the scan, and to nobody else', async () => {
    const owner = await t.createMember({ position: 'AgencyOwner' });
    const mgr = await t.createMember({ referror: owner.id, position: 'Manager' });
    const agent = await t.createMember({ referror: mgr.id });
    const stranger = await t.createMember();
    const c = await t.loginAs(agent);
    const added = await c.postForm(routes.addLicense.path, [
      ...Object.entries(licence(agent.id)).map(([name, value]) => ({ name, value: String(value) })),
      { name: 'scan', filename: 'scan.pdf', content: pdf },
    ]);
    const id = added.json().license.id as number;
    for (const leader of [mgr, owner]) {
      const lc = await t.loginAs(leader);
      const res = await lc.post(routes.getLicenses.path, { id: agent.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([
        expect.objectContaining({ id, line: 'Non-Life', status: 'pending', license_no: null, has_scan: false, scan_url: null }),
      ]);
      expect((await lc.get(pathOf(routes.licenseScan, { licenseId: id }))).statusCode).toBe(404);
    }
    const sc = await t.loginAs(stranger);
    expect((await sc.post(routes.getLicenses.path, { id: agent.id })).statusCode).toBe(403);
    // The agent does not see their leader's licences either.
    expect((await c.post(routes.getLicenses.path, { id: mgr.id })).statusCode).toBe(403);
    expect((await sc.get(pathOf(routes.licenseScan, { licenseId: id }))).statusCode).toBe(404);
    expect((await adminClient.get(pathOf(routes.licenseScan, { licenseId: id }))).statusCode).toBe(200);
  });

  it('verifies or rejects a licence once, never the admin’s own', async () => {
    const agent = await t.createMember();
    const add = async () => (await (await t.loginAs(agent)).post(routes.addLicense.path, licence(agent.id))).json().license.id as number;
    const a = await add();
    const b = await add();
    const ok = await adminClient.post(routes.verifyLicense.path, { license_id: a, decision: 'verified' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().license).toMatchObject({ status: 'verified', decided_by_name: expect.stringMatching(/^First/) });
    const again = await adminClient.post(routes.verifyLicense.path, { license_id: a, decision: 'rejected', reason: 'Late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This licence is already verified');
    expect((await adminClient.post(routes.verifyLicense.path, { license_id: b, decision: 'rejected' })).json().error).toBe(
      'Reason is required to reject',
    );
    const rejected = await adminClient.post(routes.verifyLicense.path, { license_id: b, decision: 'rejected', reason: 'Scan unreadable' });
    expect(rejected.json().license).toMatchObject({ status: 'rejected', rejection_reason: 'Scan unreadable' });
    expect((await adminClient.post(routes.verifyLicense.path, { license_id: 2_000_000_000, decision: 'verified' })).statusCode).toBe(404);

    const selfAdmin = await t.createAdmin();
    const sc = await t.loginAs(selfAdmin);
    const own = (await sc.post(routes.addLicense.path, licence(selfAdmin.id))).json().license;
    // An admin's own licence waits for another admin, and they may not verify it themselves.
    expect(own.status).toBe('pending');
    const selfVerify = await sc.post(routes.verifyLicense.path, { license_id: own.id, decision: 'verified' });
    expect(selfVerify.statusCode).toBe(403);
    expect(selfVerify.json().error).toBe('You may not verify your own licence');
    expect((await adminClient.post(routes.verifyLicense.path, { license_id: own.id, decision: 'verified' })).statusCode).toBe(200);
    const history = (await adminClient.post(routes.memberHistory.path, { id: agent.id })).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['licence_rejected', 'licence_verified']);
  });
});

describe('the dashboard’s licence reminder (licencealerts)', () => {
  it('names a line the member sells whose licence expires within 60 days, until a longer one is verified', async () => {
    const agent = await t.createMember();
    const c = await t.loginAs(agent);
    const alerts = async () => {
      const res = await c.post(routes.licenceAlerts.path, { id: agent.id });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().alerts;
    };
    const add = async (over: Record<string, unknown>) =>
      expect((await adminClient.post(routes.addLicense.path, licence(agent.id, over))).statusCode).toBe(200);

    // Both licences expire in 30 days; only Non-Life is sold (Comprehensive).
    await add({ expires_on: '2026-12-24' });
    await add({ line: 'Life', license_no: 'L-1', expires_on: '2026-12-24' });
    expect(await alerts()).toEqual([]);
    await sell(agent, 'Comprehensive');
    expect(await alerts()).toEqual([{ line: 'Non-Life', expires_on: '2026-12-24', days: 30 }]);
    // The same answer the admin reads; the renewal (a longer verified Non-Life licence) ends it.
    expect((await adminClient.post(routes.licenceAlerts.path, { id: agent.id })).json().alerts).toHaveLength(1);
    await add({ license_no: 'NL-2027-1', issued_on: '2026-11-20', expires_on: '2029-12-31' });
    expect(await alerts()).toEqual([]);
  });

  it('refuses a bad id with a clear 400, and an unknown member with 404', async () => {
    for (const body of [{}, { id: 'x' }, { id: -1 }]) {
      const res = await adminClient.post(routes.licenceAlerts.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(/\bid\b/i);
    }
    expect((await adminClient.post(routes.licenceAlerts.path, { id: 999_999 })).statusCode).toBe(404);
  });
});

describe('held commissions', () => {
  it('holds an unlicensed agent’s commission and pays their licensed manager', async () => {
    const mgr = await t.createMember({ position: 'Manager' });
    await t.licenseMember(mgr.id, { lines: ['Non-Life'] });
    const agent = await t.createMember({ referror: mgr.id });
    await sell(agent);
    const mine = await ledger(adminClient, agent.id);
    expect(mine.map((e) => [e.status, e.amount, e.hold_reason])).toEqual([['held', 100, `No verified Non-Life licence on Nov 24, 2026`]]);
    expect((await ledger(adminClient, mgr.id)).map((e) => [e.status, e.hold_reason])).toEqual([['awaiting', null]]);
    const summary = (await adminClient.post(routes.commissionSummary.path, { id: agent.id })).json();
    expect(summary).toMatchObject({ held: 100, awaiting: 0, pending: 0 });
  });

  it('holds the commission of an expired, a pending, a rejected or a wrong-line licence, and names the lines a product needs', async () => {
    const cases: [string, Parameters<TestApp['licenseMember']>[1]][] = [
      ['expired', { lines: ['Non-Life'], issued_on: '2023-01-01', expires_on: '2026-11-23' }],
      ['not yet issued', { lines: ['Non-Life'], issued_on: '2026-11-25', expires_on: '2029-12-31' }],
      ['pending', { lines: ['Non-Life'], status: 'pending' }],
      ['wrong line', { lines: ['Life'] }],
    ];
    for (const [what, options] of cases) {
      const agent = await t.createMember();
      await t.licenseMember(agent.id, options);
      await sell(agent);
      expect(
        (await ledger(adminClient, agent.id)).map((e) => e.status),
        what,
      ).toEqual(['held']);
    }
    // The day's own bounds count: a licence expiring today covers today's sale.
    const lastDay = await t.createMember();
    await t.licenseMember(lastDay.id, { lines: ['Non-Life'], issued_on: '2023-11-24', expires_on: TODAY });
    await sell(lastDay);
    expect((await ledger(adminClient, lastDay.id)).map((e) => e.status)).toEqual(['awaiting']);
    // Medical products need an HMO or an Accident and Health licence.
    const medic = await t.createMember();
    await sell(medic, 'Individual');
    expect((await ledger(adminClient, medic.id))[0]!.hold_reason).toBe(`No verified HMO or Accident and Health licence on Nov 24, 2026`);
    await t.licenseMember(medic.id, { lines: ['Accident and Health'] });
    await sell(medic, 'Individual');
    expect((await ledger(adminClient, medic.id)).map((e) => e.status)).toEqual(['awaiting', 'held']);
  });

  it('releases a held entry once the earner holds a verified licence that covered the day, and never otherwise', async () => {
    const agent = await t.createMember();
    const c = await t.loginAs(agent);
    await sell(agent);
    const [held] = await ledger(adminClient, agent.id);
    // Not licensed yet: 409 with the reason, nothing recorded.
    const early = await adminClient.post(routes.releaseCommission.path, { entry_id: held!.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(`No verified Non-Life licence on Nov 24, 2026`);
    // A licence issued after the sale does not cover it.
    await t.licenseMember(agent.id, { lines: ['Non-Life'], issued_on: '2026-11-25', expires_on: '2029-12-31' });
    expect((await adminClient.post(routes.releaseCommission.path, { entry_id: held!.id })).statusCode).toBe(409);
    // A licence issued before the sale, submitted and verified after it, does.
    const add = await c.post(routes.addLicense.path, licence(agent.id, { issued_on: '2026-06-01' }));
    await adminClient.post(routes.verifyLicense.path, { license_id: add.json().license.id, decision: 'verified' });
    const second = await t.loginAs(await t.createAdmin());
    const [r1, r2] = await Promise.all([
      adminClient.post(routes.releaseCommission.path, { entry_id: held!.id }),
      second.post(routes.releaseCommission.path, { entry_id: held!.id }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const released = (r1.statusCode === 200 ? r1 : r2).json().entry as LedgerEntry;
    expect(released).toMatchObject({
      id: held!.id,
      status: 'awaiting',
      decision: 'released',
      decided_by_name: expect.stringMatching(/^First/),
    });
    // Final: it cannot be forfeited now.
    const forfeit = await adminClient.post(routes.forfeitCommission.path, { entry_id: held!.id, reason: 'Too late' });
    expect(forfeit.statusCode).toBe(409);
    expect(forfeit.json().error).toBe('This entry was already released');
    const history = (await adminClient.post(routes.memberHistory.path, { id: agent.id })).json();
    expect(history.map((h: { action: string }) => h.action)).toContain('commission_released');
  });

  it('never lets an administrator release their own commission: another one does', async () => {
    // An admin who is also a Manager, unlicensed on the day of their recruit's sale: their override is held.
    const leader = await t.createMember({ account_type: 'admin', position: 'Manager' });
    const recruit = await t.createMember({ referror: leader.id });
    await t.licenseMember(recruit.id);
    await sell(recruit);
    const [held] = await ledger(adminClient, leader.id);
    expect(held).toMatchObject({ kind: 'override', status: 'held' });
    await t.licenseMember(leader.id, { issued_on: '2020-01-01' });
    const own = await (await t.loginAs(leader)).post(routes.releaseCommission.path, { entry_id: held!.id });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('You may not release your own commission: another administrator decides it');
    expect((await ledger(adminClient, leader.id))[0]).toMatchObject({ status: 'held', decision: null });
    const other = await adminClient.post(routes.releaseCommission.path, { entry_id: held!.id });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('forfeits a held entry with a reason: never paid, and final', async () => {
    const agent = await t.createMember();
    await sell(agent);
    const [held] = await ledger(adminClient, agent.id);
    expect((await adminClient.post(routes.forfeitCommission.path, { entry_id: held!.id })).statusCode).toBe(400);
    const res = await adminClient.post(routes.forfeitCommission.path, { entry_id: held!.id, reason: 'Unlicensed at the time of sale' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entry).toMatchObject({
      status: 'forfeited',
      decision: 'forfeited',
      decision_reason: 'Unlicensed at the time of sale',
    });
    await t.licenseMember(agent.id);
    expect((await adminClient.post(routes.releaseCommission.path, { entry_id: held!.id })).statusCode).toBe(409);
    const summary = (await adminClient.post(routes.commissionSummary.path, { id: agent.id })).json();
    expect(summary).toMatchObject({ held: 0, forfeited: 100, pending: 0 });
    // An entry that is not held cannot be released or forfeited; an unknown one is 404.
    const licensedAgent = await t.createMember();
    await t.licenseMember(licensedAgent.id);
    await sell(licensedAgent);
    const [free] = await ledger(adminClient, licensedAgent.id);
    expect((await adminClient.post(routes.releaseCommission.path, { entry_id: free!.id })).json().error).toBe('This entry is not held');
    expect((await adminClient.post(routes.forfeitCommission.path, { entry_id: 2_000_000_000, reason: 'x' })).statusCode).toBe(404);
  });

  it('never posts a held entry, and posts it at the next close once released and verified', async () => {
    const agent = await t.createMember();
    const saleId = await sell(agent);
    await adminClient.post(routes.verifySales.path, { sale_ids: [saleId], decision: 'verified' });
    const [held] = await ledger(adminClient, agent.id);
    expect(held!.status).toBe('held');
    const periods = (await adminClient.get(routes.commissionPeriods.path)).json();
    const openBefore = periods.find((p: { period: string }) => p.period === '2026-11').open_total;
    await t.licenseMember(agent.id);
    await adminClient.post(routes.releaseCommission.path, { entry_id: held!.id });
    const after = (await adminClient.get(routes.commissionPeriods.path)).json();
    expect(after.find((p: { period: string }) => p.period === '2026-11').open_total).toBeCloseTo(openBefore + 100, 2);
    expect((await ledger(adminClient, agent.id))[0]!.status).toBe('open');
  });
});

describe('what a leader sees of an override', () => {
  it('shows the seller, product, base and date, never the customer or the policy', async () => {
    const mgr = await t.createMember({ position: 'Manager' });
    await t.licenseMember(mgr.id);
    const agent = await t.createMember({ referror: mgr.id });
    await t.licenseMember(agent.id);
    await sell(agent, 'Comprehensive', '5000', 'Crisostomo Ibarra');
    const mc = await t.loginAs(mgr);
    const res = await mc.post(routes.commissionLedger.path, { id: mgr.id });
    expect(JSON.stringify(res.json())).not.toContain('Crisostomo');
    expect(JSON.stringify(res.json())).not.toContain('POL-77');
    expect(res.json().entries[0]).toMatchObject({
      kind: 'override',
      seller_id: agent.id,
      seller_name: expect.stringMatching(/^First/),
      product: 'Comprehensive',
      base: 5000,
      entry_date: TODAY,
      customer_name: null,
    });
    // The seller sees their own customer.
    expect((await ledger(await t.loginAs(agent), agent.id))[0]!.customer_name).toBe('Crisostomo Ibarra');
  });
});

describe('the Compliance page', () => {
  it('lists licences to verify, expiring ones, unlicensed sellers, held commissions and the commission earned in each term', async () => {
    const agent = await t.createMember({ f_name: 'Compliance', l_name: 'Agent' });
    await t.licenseMember(agent.id, { lines: ['Non-Life'], issued_on: '2024-01-01', expires_on: '2026-12-31' });
    const pendingId = (await (await t.loginAs(agent)).post(routes.addLicense.path, licence(agent.id, { line: 'HMO' }))).json().license.id;
    const saleId = await sell(agent, 'Individual', '200000'); // HMO product: held
    await sell(agent, 'Comprehensive', '20000'); // Non-Life: payable once verified
    await adminClient.post(routes.verifySales.path, { sale_ids: [saleId], decision: 'verified' });

    const res = await adminClient.get(routes.compliance.path);
    expect(res.statusCode, res.body).toBe(200);
    const c: ComplianceResponse = res.json();
    expect(c.as_of).toBe(TODAY);
    expect(c.to_verify.find((l) => l.id === pendingId)).toMatchObject({ member_name: 'Compliance Agent', line: 'HMO', status: 'pending' });
    expect(c.expiring.find((l) => l.member_id === agent.id)).toMatchObject({
      line: 'Non-Life',
      expires_on: '2026-12-31',
      days_to_expiry: 37,
    });
    expect(c.unlicensed_sellers.filter((s) => s.member_id === agent.id)).toEqual([
      {
        member_id: agent.id,
        member_name: 'Compliance Agent',
        product: 'Individual',
        lines: ['HMO', 'Accident and Health'],
        sales: 1,
        last_sold_on: '2026-11-01',
      },
    ]);
    const held = c.held.find((h) => h.member_id === agent.id)!;
    expect(held).toMatchObject({
      kind: 'sale',
      product: 'Individual',
      amount: 20000,
      releasable: false,
      hold_reason: `No verified HMO or Accident and Health licence on Nov 24, 2026`,
    });
    // Earned within the term: payable entries only. The Comprehensive sale is not verified yet.
    expect(c.earnings.find((e) => e.member_id === agent.id)).toMatchObject({ line: 'Non-Life', earned: 0, meets_renewal: false });
    const other = (await ledger(adminClient, agent.id)).find((e) => e.product === 'Comprehensive')!;
    await adminClient.post(routes.verifySales.path, { sale_ids: [other.sale_id], decision: 'verified' });
    const again: ComplianceResponse = (await adminClient.get(routes.compliance.path)).json();
    expect(again.earnings.find((e) => e.member_id === agent.id)).toMatchObject({ earned: 2000, meets_renewal: false });

    // Once the HMO licence is verified (issued before the sale), the held entry is releasable.
    await adminClient.post(routes.verifyLicense.path, { license_id: pendingId, decision: 'verified' });
    const later: ComplianceResponse = (await adminClient.get(routes.compliance.path)).json();
    expect(later.held.find((h) => h.member_id === agent.id)!.releasable).toBe(true);
    expect(later.unlicensed_sellers.filter((s) => s.member_id === agent.id)).toEqual([]);
    expect(later.to_verify.find((l) => l.id === pendingId)).toBeUndefined();
  });
});
