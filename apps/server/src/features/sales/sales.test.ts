import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_REQUIRED, REFERROR_REQUIRED, type DealRecord } from '@ahente/contract/deals';
import { MSG } from '@ahente/contract/messages';
import { sumPesos } from '@ahente/contract/money';
import type { SaleRecord } from '@ahente/contract/sales';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

let t: TestApp;
type Member = Awaited<ReturnType<TestApp['createMember']>>;
let agent: Member;
let agentClient: TestClient;
let other: Member;
let otherClient: TestClient;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  ({ agent, other, agentClient, otherClient, adminClient } = await t.callers());
});
afterAll(() => t.close());

async function addDeal(client: TestClient, id: number, over: Record<string, unknown> = {}): Promise<DealRecord> {
  const res = await client.post('/api/adddeals', {
    id,
    customerName: 'Crisostomo Ibarra',
    transactionType: 'Renewal',
    product: 'Individual',
    tcvValue: '50000',
    effectiveDate: '2026-02-01',
    dealStatus: 'For Payment Collection',
    salesType: 'Direct',
    salesGroup: 'CarSalesGroup',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deal;
}

/** The Add Sales form: prefilled from the deal plus policy, insurer, plan name and date. */
const saleForm = (deal: DealRecord, over: Record<string, unknown> = {}) => ({
  customerName: deal.customer_name,
  transactionType: deal.tx_type,
  product: deal.product,
  tcv: String(deal.tcv),
  sales_type: deal.sales_type,
  referror: deal.referror ?? '',
  agent: deal.agent ?? '',
  deal_status: deal.deal_status,
  sales_group: deal.sales_group,
  policy: 'POL-2026-0001',
  insurer: 'Pag-IBIG Mutual',
  planName: 'Gold Plan',
  effectiveDate: '2026-03-01',
  dealid: deal.id,
  ...over,
});

async function listSales(client: TestClient, id: number): Promise<SaleRecord[]> {
  const res = await client.post('/api/getsales', { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function listDeals(client: TestClient, id: number): Promise<DealRecord[]> {
  const res = await client.post('/api/getdeals', { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function freshAgent() {
  const m = await t.createMember();
  return { m, c: await t.loginAs(m) };
}

describe('POST /api/addsales', () => {
  it('makes a deal into a sale: 200 { success: true, sale }, listed by getsales, the deal shown sold', async () => {
    const { m, c } = await freshAgent();
    const deal = await addDeal(c, m.id);
    const res = await c.post('/api/addsales', { id: m.id, formData: saleForm(deal, { tcv: '48000.75' }) });
    expect(res.statusCode).toBe(200);
    const expected: SaleRecord = {
      id: expect.any(Number) as unknown as number,
      deal_id: deal.id,
      customer_name: 'Crisostomo Ibarra',
      tx_type: 'Renewal',
      product: 'Individual',
      tcv: 48000.75,
      policy_number: 'POL-2026-0001',
      insurer: 'Pag-IBIG Mutual',
      plan_name: 'Gold Plan',
      effective_date: '2026-03-01',
      expiry_date: '2027-02-28',
      customer_contact: null,
      customer_email: null,
      renews_sale_id: null,
      sales_type: 'Direct',
      referror: null,
      agent: null,
      sales_group: 'CarSalesGroup',
      createdat: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown as string,
      // Every new sale awaits the agency's verification (decision 018).
      verification: 'unverified',
      verified_at: null,
      verified_by_name: null,
      cancelled_on: null,
      cancel_reason: null,
      refund: null,
      cancelled_by_name: null,
      cancelled_at: null,
      rejection_reason: null,
      verified_from: null,
    };
    expect(res.json()).toEqual({ success: true, sale: expected });
    const sale = res.json().sale as SaleRecord;
    expect(await listSales(c, m.id)).toEqual([sale]);
    // The deal is untouched but shows that it is sold.
    expect(await listDeals(c, m.id)).toEqual([{ ...deal, sold: true, sale_id: sale.id }]);
  });

  it('saves an Agent sale with referror and agent; optional fields left blank are null', async () => {
    const { m, c } = await freshAgent();
    const deal = await addDeal(c, m.id);
    const res = await c.post('/api/addsales', {
      id: m.id,
      formData: saleForm(deal, {
        sales_type: 'Agent',
        referror: 'Jose Rizal',
        agent: 'Emilio Aguinaldo',
        policy: '',
        insurer: null,
        planName: undefined,
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sale).toMatchObject({
      sales_type: 'Agent',
      referror: 'Jose Rizal',
      agent: 'Emilio Aguinaldo',
      policy_number: null,
      insurer: null,
      plan_name: null,
    });
  });

  it('takes the transaction type and sales group from the deal when the form leaves them out', async () => {
    const { m, c } = await freshAgent();
    const deal = await addDeal(c, m.id, { transactionType: 'Expansion', salesGroup: 'Operations' });
    const { transactionType: _t, sales_group: _g, ...rest } = saleForm(deal);
    const res = await c.post('/api/addsales', { id: m.id, formData: rest });
    expect(res.statusCode).toBe(200);
    expect(res.json().sale).toMatchObject({ tx_type: 'Expansion', sales_group: 'Operations' });
  });

  it('answers 409 to a second sale of the same deal and saves nothing more', async () => {
    const { m, c } = await freshAgent();
    const deal = await addDeal(c, m.id);
    expect((await c.post('/api/addsales', { id: m.id, formData: saleForm(deal) })).statusCode).toBe(200);
    const again = await c.post('/api/addsales', { id: m.id, formData: saleForm(deal, { policy: 'SECOND' }) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: MSG.dealAlreadySold });
    const sales = await listSales(c, m.id);
    expect(sales).toHaveLength(1);
    expect(sales[0]!.policy_number).toBe('POL-2026-0001');
  });

  it('lets exactly one of two simultaneous sales of one deal through', async () => {
    for (let round = 0; round < 3; round++) {
      const { m, c } = await freshAgent();
      const deal = await addDeal(c, m.id);
      const [a, b] = await Promise.all([
        c.post('/api/addsales', { id: m.id, formData: saleForm(deal, { policy: 'A' }) }),
        c.post('/api/addsales', { id: m.id, formData: saleForm(deal, { policy: 'B' }) }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json()).toEqual({ error: MSG.dealAlreadySold });
      const sales = await listSales(c, m.id);
      expect(sales).toHaveLength(1);
      expect(sales[0]!.deal_id).toBe(deal.id);
    }
  });

  it('keeps money exact: sales of 0.1 and 0.2 read back as 0.1 and 0.2 and sum to 0.3', async () => {
    const { m, c } = await freshAgent();
    for (const [tcv, date] of [
      [0.1, '2026-01-01'],
      ['0.2', '2026-01-02'],
    ] as const) {
      const deal = await addDeal(c, m.id);
      const res = await c.post('/api/addsales', { id: m.id, formData: saleForm(deal, { tcv, effectiveDate: date }) });
      expect(res.statusCode).toBe(200);
    }
    const sales = await listSales(c, m.id);
    expect(sales.map((s) => s.tcv)).toEqual([0.2, 0.1]);
    expect(sumPesos(sales.map((s) => s.tcv))).toBe(0.3);
    const big = await addDeal(c, m.id);
    const res = await c.post('/api/addsales', { id: m.id, formData: saleForm(big, { tcv: 1234567.89 }) });
    expect(res.json().sale.tcv).toBe(1234567.89);
  });

  it.each([
    ['no formData', { formData: undefined }, 'formData is required'],
    ['no dealid', { formData: { dealid: undefined } }, 'Deal id is required'],
    ['an empty dealid', { formData: { dealid: '' } }, 'Deal id is required'],
    ['a malformed dealid', { formData: { dealid: -3 } }, 'Deal id must be a number'],
    ['no customer name', { formData: { customerName: undefined } }, 'Customer name is required'],
    ['no product', { formData: { product: '' } }, 'Product is required'],
    ['an unknown product', { formData: { product: 'Car Insurance' } }, 'Product must be one of the products of the catalogue'],
    ['a misspelt product', { formData: { product: 'Comprehensive ' + 'Plus' } }, 'Product must be one of the products of the catalogue'],
    ['no tcv', { formData: { tcv: undefined } }, 'TCV is required'],
    ['a negative tcv', { formData: { tcv: -100 } }, 'TCV must not be negative'],
    ['a tcv with 3 decimals', { formData: { tcv: 99.999 } }, 'TCV must have at most 2 decimals'],
    ['a NaN tcv', { formData: { tcv: 'NaN' } }, 'TCV must be a number'],
    ['a tcv above the ceiling', { formData: { tcv: '10000000000.01' } }, 'TCV must be at most 10,000,000,000'],
    ['no sales type', { formData: { sales_type: '' } }, 'Sales type is required'],
    ['an unknown sales type', { formData: { sales_type: 'Referral' } }, 'Sales type must be one of: Direct, Agent'],
    ['Agent without referror', { formData: { sales_type: 'Agent', agent: 'A' } }, REFERROR_REQUIRED],
    ['Agent without agent name', { formData: { sales_type: 'Agent', referror: 'R', agent: '' } }, AGENT_REQUIRED],
    ['no effective date', { formData: { effectiveDate: undefined } }, 'Effective date is required'],
    ['an impossible effective date', { formData: { effectiveDate: '2026-02-30' } }, 'Effective date must be a real date (YYYY-MM-DD)'],
    [
      'an unknown transaction type',
      { formData: { transactionType: 'Refund' } },
      'Transaction type must be one of: New, Renewal, Expansion',
    ],
    [
      'an unknown sales group',
      { formData: { sales_group: 'Sales' } },
      'Sales group must be one of: MedicalSalesGroup, CarSalesGroup, Operations',
    ],
    ['an overlong policy number', { formData: { policy: 'p'.repeat(201) } }, 'Policy number must be at most 200 characters'],
    ['an overlong insurer', { formData: { insurer: 'i'.repeat(201) } }, 'Insurer must be at most 200 characters'],
    ['an overlong plan name', { formData: { planName: 'n'.repeat(201) } }, 'Plan name must be at most 200 characters'],
    ['no member id', { id: undefined }, 'id is required'],
    // The policy's term and the client's contact (decision 025); the deal's effective date is 2026-03-01.
    [
      'an expiry before the effective date',
      { formData: { expiry_date: '2026-02-28' } },
      'Expiry date must not be before the effective date',
    ],
    ['an impossible expiry date', { formData: { expiry_date: '2027-02-29' } }, 'Expiry date must be a real date (YYYY-MM-DD)'],
    ['an expiry that is not a date', { formData: { expiry_date: 20270228 } }, 'Expiry date must be a real date (YYYY-MM-DD)'],
    ['a contact of 12 digits', { formData: { customer_contact: '091712345678' } }, 'Client contact number must be digits only, at most 11'],
    ['a contact with letters', { formData: { customer_contact: '0917CALLME' } }, 'Client contact number must be digits only, at most 11'],
    ['an invalid client email', { formData: { customer_email: 'juan.example.ph' } }, 'Client email is not a valid email address'],
  ])('rejects %s with 400 and saves nothing', async (_name, over, message) => {
    const { m, c } = await freshAgent();
    const deal = await addDeal(c, m.id);
    const { formData: overForm, ...rest } = over as { formData?: Record<string, unknown> };
    const formData = overForm === undefined && 'formData' in over ? undefined : { ...saleForm(deal), ...overForm };
    const res = await c.post('/api/addsales', { id: m.id, ...rest, formData });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(message);
    expect(await listSales(c, m.id)).toEqual([]);
    expect(await listDeals(c, m.id)).toEqual([deal]);
  });

  it('answers 404 "Deal not found" for another member deal and an unknown deal, saving nothing', async () => {
    const theirs = await addDeal(otherClient, other.id);
    const before = await listSales(agentClient, agent.id);
    const foreign = await agentClient.post('/api/addsales', { id: agent.id, formData: saleForm(theirs) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: MSG.dealNotFound });
    const unknown = await agentClient.post('/api/addsales', { id: agent.id, formData: saleForm({ ...theirs, id: 999_999 }) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: MSG.dealNotFound });
    expect(await listSales(agentClient, agent.id)).toEqual(before);
    expect(await listSales(otherClient, other.id)).toEqual([]);
    expect((await listDeals(otherClient, other.id)).find((d) => d.id === theirs.id)?.sold).toBe(false);
  });

  it('answers 401 anonymous, 403 another agent naming the owner, 403 without CSRF; saves nothing', async () => {
    const deal = await addDeal(agentClient, agent.id);
    const body = { id: agent.id, formData: saleForm(deal) };
    const anonymous = await t.client().post('/api/addsales', body);
    expect(anonymous.statusCode).toBe(401);
    const foreign = await otherClient.post('/api/addsales', body);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'You may only act on your own account' });
    const noCsrf = await agentClient.post('/api/addsales', body, { csrf: 'omit' });
    expect(noCsrf.statusCode).toBe(403);
    expect((await listSales(agentClient, agent.id)).some((s) => s.deal_id === deal.id)).toBe(false);
    expect(await listSales(otherClient, other.id)).toEqual([]);
  });

  it('lets an admin make a member deal into a sale acting for that member', async () => {
    const { m, c } = await freshAgent();
    const deal = await addDeal(c, m.id);
    const wrongOwner = await adminClient.post('/api/addsales', { id: other.id, formData: saleForm(deal) });
    expect(wrongOwner.statusCode).toBe(404);
    const res = await adminClient.post('/api/addsales', { id: m.id, formData: saleForm(deal) });
    expect(res.statusCode).toBe(200);
    expect(await listSales(c, m.id)).toEqual([res.json().sale]);
  });

  it('still lets a sold deal be edited, leaving its sale as it was', async () => {
    const { m, c } = await freshAgent();
    const deal = await addDeal(c, m.id);
    const sale = (await c.post('/api/addsales', { id: m.id, formData: saleForm(deal) })).json().sale;
    const edit = await c.post('/api/editdeals', {
      id: m.id,
      formData: { ...saleForm(deal), customerName: 'Renamed', deal_status: 'Did not Continue' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().deal).toMatchObject({ customer_name: 'Renamed', sold: true, sale_id: sale.id });
    expect(await listSales(c, m.id)).toEqual([sale]);
  });
});

describe("addsales: the policy's term and the client's contact", () => {
  const sellOn = async (
    c: TestClient,
    id: number,
    effectiveDate: string,
    over: Record<string, unknown> = {},
    dealOver: Record<string, unknown> = {},
  ) => {
    const deal = await addDeal(c, id, { effectiveDate, ...dealOver });
    const res = await c.post('/api/addsales', { id, formData: saleForm(deal, { effectiveDate, ...over }) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sale as SaleRecord;
  };

  it('defaults the expiry to the effective date plus one year less a day, 29 February included', async () => {
    const { m, c } = await freshAgent();
    for (const [effective, expiry] of [
      ['2024-02-29', '2025-02-28'],
      ['2027-03-01', '2028-02-29'],
      ['2026-01-01', '2026-12-31'],
      ['2026-01-31', '2027-01-30'],
      ['2026-12-31', '2027-12-30'],
    ] as const) {
      expect((await sellOn(c, m.id, effective)).expiry_date, effective).toBe(expiry);
      expect((await sellOn(c, m.id, effective, { expiry_date: '' })).expiry_date, `${effective} blank`).toBe(expiry);
      expect((await sellOn(c, m.id, effective, { expiry_date: null })).expiry_date, `${effective} null`).toBe(expiry);
    }
  });

  it('keeps an expiry the form gives, the effective date itself included', async () => {
    const { m, c } = await freshAgent();
    expect((await sellOn(c, m.id, '2026-03-01', { expiry_date: '2026-08-31' })).expiry_date).toBe('2026-08-31');
    expect((await sellOn(c, m.id, '2026-03-01', { expiry_date: '2026-03-01' })).expiry_date).toBe('2026-03-01');
    expect((await sellOn(c, m.id, '2026-03-01', { expiry_date: '2029-02-28' })).expiry_date).toBe('2029-02-28');
    expect((await listSales(c, m.id)).map((x) => x.expiry_date).sort()).toEqual(['2026-03-01', '2026-08-31', '2029-02-28']);
  });

  it('gives a Memorial Plan no expiry, whatever the form sends', async () => {
    const { m, c } = await freshAgent();
    const memorial = { product: 'Memorial Plan' };
    expect((await sellOn(c, m.id, '2026-03-01', memorial, memorial)).expiry_date).toBeNull();
    expect((await sellOn(c, m.id, '2026-03-01', { ...memorial, expiry_date: '2027-02-28' }, memorial)).expiry_date).toBeNull();
    expect((await sellOn(c, m.id, '2026-03-01', { ...memorial, expiry_date: '2020-01-01' }, memorial)).expiry_date).toBeNull();
    expect((await listSales(c, m.id)).map((x) => x.expiry_date)).toEqual([null, null, null]);
  });

  it("saves the client's contact and e-mail from the form, or the deal's when the form leaves them out", async () => {
    const { m, c } = await freshAgent();
    const dealContact = { customer_contact: '09171234567', customer_email: 'crisostomo@example.ph' };
    const fromDeal = await sellOn(c, m.id, '2026-03-01', {}, dealContact);
    expect(fromDeal).toMatchObject(dealContact);
    const fromForm = await sellOn(
      c,
      m.id,
      '2026-03-01',
      { customer_contact: '09998887777', customer_email: 'ibarra@example.ph' },
      dealContact,
    );
    expect(fromForm).toMatchObject({ customer_contact: '09998887777', customer_email: 'ibarra@example.ph' });
    const cleared = await sellOn(c, m.id, '2026-03-01', { customer_contact: '', customer_email: '' }, dealContact);
    expect(cleared).toMatchObject({ customer_contact: null, customer_email: null });
    const listed = await listSales(c, m.id);
    expect(listed.find((x) => x.id === fromDeal.id)).toMatchObject({ ...dealContact, expiry_date: '2027-02-28', renews_sale_id: null });
    expect(listed.find((x) => x.id === fromForm.id)).toMatchObject({
      customer_contact: '09998887777',
      customer_email: 'ibarra@example.ph',
    });
    expect(listed.find((x) => x.id === cleared.id)).toMatchObject({ customer_contact: null, customer_email: null });
  });
});

describe('POST /api/getsales', () => {
  it('lists only the member own sales, newest effective date first, then newest first', async () => {
    const { m, c } = await freshAgent();
    const ids: Record<string, number> = {};
    for (const [name, date] of [
      ['a', '2026-01-10'],
      ['b', '2026-06-01'],
      ['c', '2026-01-10'],
      ['d', '2025-11-30'],
    ] as const) {
      const deal = await addDeal(c, m.id);
      const res = await c.post('/api/addsales', { id: m.id, formData: saleForm(deal, { effectiveDate: date }) });
      ids[name] = res.json().sale.id;
    }
    const theirs = await addDeal(otherClient, other.id);
    await otherClient.post('/api/addsales', { id: other.id, formData: saleForm(theirs) });
    expect((await listSales(c, m.id)).map((s) => s.id)).toEqual([ids.b, ids.c, ids.a, ids.d]);
  });

  it('answers [] for a member without sales', async () => {
    const { m, c } = await freshAgent();
    expect(await listSales(c, m.id)).toEqual([]);
  });

  it('answers 401 anonymous, 403 another agent, 200 an admin, 400 without id, 403 without CSRF', async () => {
    const deal = await addDeal(agentClient, agent.id);
    await agentClient.post('/api/addsales', { id: agent.id, formData: saleForm(deal) });
    expect((await t.client().post('/api/getsales', { id: agent.id })).statusCode).toBe(401);
    const foreign = await otherClient.post('/api/getsales', { id: agent.id });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'You may only act on your own account' });
    const asAdmin = await adminClient.post('/api/getsales', { id: agent.id });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual(await listSales(agentClient, agent.id));
    expect(asAdmin.json().length).toBeGreaterThan(0);
    const missing = await agentClient.post('/api/getsales', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('id is required');
    expect((await agentClient.post('/api/getsales', { id: agent.id }, { csrf: 'omit' })).statusCode).toBe(403);
  });
});
