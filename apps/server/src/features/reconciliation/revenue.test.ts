import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@ahente/contract/routes';
import type { StatementLineStatus } from '../../db/schema.ts';
import { policyKey } from '../../lib/insurer-keys.ts';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { MISSING_COMMISSIONS_LIMIT } from './revenue-service.ts';

/**
 * What the agency sees of its own money (issue 45 §5): missingcommissions and agencyrevenue, and
 * their workbooks. The statements are written straight into the tables here (the import itself is
 * reconciliation.test.ts'); the sales are made through the API. The clock is the test's.
 */
const TODAY = new Date('2026-11-24T02:00:00.000Z'); // 2026-11-24 in Manila
let clock = new Date('2026-01-01T02:00:00.000Z');
let t: TestApp;
let admin: TestClient;
let agentClient: TestClient;
let agent: { id: number };
let malayan: number;
let pioneer: number;
const sale: Record<string, number> = {};

async function sell(customerName: string, tcv: string, effectiveDate: string, policy: string, insurer: string): Promise<number> {
  const deal = await agentClient.post(routes.addDeal.path, {
    id: agent.id,
    customerName,
    transactionType: 'New',
    product: 'Comprehensive',
    tcvValue: tcv,
    effectiveDate,
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
      effectiveDate,
      policy,
      insurer,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().sale.id as number;
  // Linked as the insurers' feature links a sale whose insurer text names one.
  await t.db.db
    .updateTable('sales')
    .set({ insurer_id: insurer === 'Malayan Insurance' ? malayan : pioneer, policy_key: policyKey(policy) })
    .where('id', '=', id)
    .execute();
  return id;
}

async function insurer(name: string, code: string): Promise<number> {
  const at = clock.toISOString();
  const row = await t.db.db
    .insertInto('insurers')
    .values({
      name,
      name_key: name.toLowerCase().replace(/\s+/g, ''),
      code,
      active: 1,
      statement_mapping: null,
      created_at: at,
      created_by: null,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function statement(
  insurerId: number,
  period: string,
  lines: { sale?: number; status: StatementLineStatus; commission: number; expected?: number | null; policy?: string }[],
  undone = false,
): Promise<number> {
  const at = clock.toISOString();
  const imp = await t.db.db
    .insertInto('statement_imports')
    .values({
      insurer_id: insurerId,
      period,
      file_name: `${period}.csv`,
      file_sha256: `${insurerId}-${period}-${Math.random()}`.padEnd(64, '0').slice(0, 64),
      mapping: '{}',
      header_row: 1,
      lines: lines.length,
      received_centavos: lines.reduce((s, l) => s + l.commission, 0),
      statement_total_centavos: null,
      created_at: at,
      created_by: null,
      undone_at: undone ? at : null,
      undone_by: null,
      undo_reason: undone ? 'Wrong file' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, l] of lines.entries()) {
    const policy = l.policy ?? `POL-${l.sale ?? 'X'}`;
    await t.db.db
      .insertInto('statement_lines')
      .values({
        import_id: imp.id,
        row_no: i + 2,
        policy_no: policy,
        policy_key: policyKey(policy),
        insured_name: null,
        transaction: null,
        premium_centavos: null,
        commission_centavos: l.commission,
        effective_date: null,
        paid_on: null,
        status: l.status,
        reason: l.status,
        sale_id: l.sale ?? null,
        expected_centavos: l.expected ?? null,
        suggested_sale_id: null,
        duplicate_of: null,
      })
      .execute();
  }
  return imp.id;
}

/** The commission entries of some sales (centavos): what the agency owes its agents on them. */
async function entriesOf(saleIds: number[]): Promise<number> {
  const rows = await t.db.db.selectFrom('commission_entries').select('amount_centavos').where('sale_id', 'in', saleIds).execute();
  return rows.reduce((s, r) => s + Number(r.amount_centavos), 0);
}

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  admin = await t.loginAs(await t.createAdmin());
  const a = await t.createMember();
  agent = a;
  agentClient = await t.loginAs(a);
  await t.licenseMember(a.id);
  const rate = await admin.post(routes.setCommissionRate.path, {
    kind: 'product',
    key: 'Comprehensive',
    rate: 10,
    effective_from: '2026-01-01',
  });
  expect(rate.statusCode, rate.body).toBe(200);
  clock = TODAY;
  malayan = await insurer('Malayan Insurance', 'MAL');
  pioneer = await insurer('Pioneer Insurance', 'PIO');
  // The agency's own rate: Malayan 15 % on Comprehensive from 2026-01-01, 20 % from 2026-09-01; Pioneer none.
  for (const [from, rateHundredths] of [
    ['2026-01-01', 1500],
    ['2026-09-01', 2000],
  ] as const) {
    await t.db.db
      .insertInto('insurer_rates')
      .values({
        insurer_id: malayan,
        product: 'Comprehensive',
        rate_hundredths: rateHundredths,
        effective_from: from,
        created_at: clock.toISOString(),
        created_by: null,
      })
      .execute();
  }
  sale.paid = await sell('Ana Reyes', '10000', '2026-08-01', 'POL-2026-0001', 'Malayan Insurance');
  sale.short = await sell('Ben Cruz', '20000', '2026-08-15', 'POL-2026-0002', 'Malayan Insurance');
  sale.old = await sell('Carla Diaz', '30000', '2026-07-01', 'POL-2026-0003', 'Malayan Insurance');
  sale.newRate = await sell('Dino Lim', '10000.55', '2026-09-10', 'POL-2026-0004', 'Malayan Insurance');
  sale.recent = await sell('Ella Tan', '50000', '2026-10-20', 'POL-2026-0005', 'Malayan Insurance');
  sale.pioneer = await sell('Fe Uy', '40000', '2026-08-05', 'POL-P-0006', 'Pioneer Insurance');
  sale.undone = await sell('Gil Sy', '5000', '2026-08-06', 'POL-2026-0007', 'Malayan Insurance');
  await t.verifySalesInDb(Object.values(sale));

  await statement(malayan, '2026-09', [
    { sale: sale.paid, status: 'matched', commission: 150_000, expected: 150_000 },
    { sale: sale.short, status: 'differs', commission: 250_000, expected: 300_000 },
    { status: 'unmatched', commission: 12_345, policy: 'POL-NOBODY' },
    { status: 'ignored', commission: 99_999, policy: 'ADJ-1' },
  ]);
  await statement(malayan, '2026-10', [
    { sale: sale.paid, status: 'duplicate', commission: 150_000, expected: 150_000 },
    { sale: sale.short, status: 'chargeback', commission: -50_000, expected: 300_000 },
  ]);
  await statement(pioneer, '2026-10', [{ sale: sale.pioneer, status: 'matched', commission: 400_000, expected: null }]);
  // An undone import counts for nothing: its sale is still missing, its money not received.
  await statement(malayan, '2026-09', [{ sale: sale.undone, status: 'matched', commission: 75_000, expected: 75_000 }], true);
});
afterAll(() => t.close());

describe('missingcommissions', () => {
  it("lists the sales no standing statement has named 60 days after their effective date, oldest first, with the agency's expected commission", async () => {
    const res = await admin.call(routes.missingCommissions, { body: {} });
    // 2026-11-24 − 60 days = 2026-09-25: the sale of 2026-10-20 is not missing yet; those on a statement are not missing.
    expect(res.rows.map((r) => r.sale_id)).toEqual([sale.old, sale.undone, sale.newRate]);
    const [old, undone, newRate] = res.rows;
    expect(old).toMatchObject({
      insurer_id: malayan,
      insurer_name: 'Malayan Insurance',
      customer_name: 'Carla Diaz',
      policy_number: 'POL-2026-0003',
      product: 'Comprehensive',
      tcv: 30000,
      effective_date: '2026-07-01',
      days: 146,
      expected: 4500,
    });
    expect(old!.agent_name).toMatch(/^First\d+ Last\d+$/);
    expect(undone!.expected).toBe(750);
    // The rate effective on the sale's day (20 % from 2026-09-01), rounded to the centavo: 10,000.55 × 20 % = 2,000.11.
    expect(newRate!.expected).toBe(2000.11);
    expect(res.count).toBe(3);
    expect(res.expected_total).toBe(7250.11);
  });

  it('filters by insurer and by days; a sale without an agency rate has no expected amount', async () => {
    const pioneerOnly = await admin.call(routes.missingCommissions, { body: { insurer_id: pioneer, older_than_days: 0 } });
    expect(pioneerOnly.rows).toEqual([]);
    const all = await admin.call(routes.missingCommissions, { body: { older_than_days: 0 } });
    expect(all.rows.map((r) => r.sale_id)).toEqual([sale.old, sale.undone, sale.newRate, sale.recent]);
    const strict = await admin.call(routes.missingCommissions, { body: { older_than_days: 146 } });
    expect(strict.rows.map((r) => r.sale_id)).toEqual([sale.old]);
    const none = await admin.call(routes.missingCommissions, { body: { older_than_days: 147 } });
    expect(none).toEqual({ rows: [], count: 0, expected_total: 0 });
    expect(MISSING_COMMISSIONS_LIMIT).toBe(2000);
  });

  it('as a workbook: an .xlsx file with a row per sale', async () => {
    const res = await admin.post(routes.missingCommissionsXlsx.path, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('missing-commissions.xlsx');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses bad input with a clear 400', async () => {
    for (const body of [{ older_than_days: -1 }, { older_than_days: 1.5 }, { older_than_days: 4000 }, { insurer_id: 'x' }, { extra: 1 }]) {
      const res = await admin.post(routes.missingCommissions.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBeTruthy();
      const file = await admin.post(routes.missingCommissionsXlsx.path, body);
      expect(file.statusCode, JSON.stringify(body)).toBe(400);
    }
    const res = await admin.post(routes.missingCommissions.path, { older_than_days: 4000 });
    expect(res.json().error).toContain('Days must be a whole number from 0 to 3650');
  });

  it('answers administrators only', async () => {
    for (const route of [routes.missingCommissions, routes.missingCommissionsXlsx, routes.agencyRevenue, routes.agencyRevenueXlsx]) {
      expect((await t.client().post(route.path, {})).statusCode).toBe(401);
      expect((await agentClient.post(route.path, {})).statusCode).toBe(403);
    }
  });
});

describe('agencyrevenue', () => {
  it('per insurer and statement month: expected, received, paid to agents on the sales paid, and the margin', async () => {
    const res = await admin.call(routes.agencyRevenue, { body: { from: '2026-09-01', to: '2026-10-31' } });
    const paidSept = await entriesOf([sale.paid!, sale.short!]);
    const paidPioneer = await entriesOf([sale.pioneer!]);
    expect(paidSept).toBeGreaterThan(0);
    expect(res.rows).toEqual([
      // September: the matched and the differing line received (the unmatched line's money too; the ignored one not).
      {
        insurer_id: malayan,
        insurer_name: 'Malayan Insurance',
        month: '2026-09',
        expected: 4500,
        received: 4123.45,
        paid_to_agents: paidSept / 100,
        margin: (412_345 - paidSept) / 100,
      },
      // October: the duplicate counts for nothing; the chargeback takes money back; its sale's entries were counted in September.
      {
        insurer_id: malayan,
        insurer_name: 'Malayan Insurance',
        month: '2026-10',
        expected: 3000,
        received: -500,
        paid_to_agents: 0,
        margin: -500,
      },
      {
        insurer_id: pioneer,
        insurer_name: 'Pioneer Insurance',
        month: '2026-10',
        expected: 0,
        received: 4000,
        paid_to_agents: paidPioneer / 100,
        margin: (400_000 - paidPioneer) / 100,
      },
    ]);
    expect(res.totals).toEqual({
      expected: 7500,
      received: 7623.45,
      paid_to_agents: (paidSept + paidPioneer) / 100,
      margin: (762_345 - paidSept - paidPioneer) / 100,
    });
  });

  it('takes the months the dates fall in; without dates, every month', async () => {
    const oct = await admin.call(routes.agencyRevenue, { body: { from: '2026-10-15', to: '2026-10-15' } });
    expect(oct.rows.map((r) => `${r.month} ${r.insurer_name}`)).toEqual(['2026-10 Malayan Insurance', '2026-10 Pioneer Insurance']);
    // A sale counted in an earlier month is not counted again in a later one asked alone.
    expect(oct.rows[0]!.paid_to_agents).toBe(0);
    const all = await admin.call(routes.agencyRevenue, { body: {} });
    expect(all.rows).toHaveLength(3);
    const none = await admin.call(routes.agencyRevenue, { body: { from: '2025-01-01', to: '2025-12-31' } });
    expect(none).toEqual({ rows: [], totals: { expected: 0, received: 0, paid_to_agents: 0, margin: 0 } });
  });

  it('as a workbook', async () => {
    const res = await admin.post(routes.agencyRevenueXlsx.path, { from: '2026-09-01', to: '2026-10-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('agency-revenue.xlsx');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses bad input with a clear 400', async () => {
    for (const body of [{ from: '2026-13-01' }, { from: '2026-10-02', to: '2026-10-01' }, { to: 5 }, { month: '2026-10' }]) {
      for (const route of [routes.agencyRevenue, routes.agencyRevenueXlsx]) {
        const res = await admin.post(route.path, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error).toBeTruthy();
      }
    }
  });
});
