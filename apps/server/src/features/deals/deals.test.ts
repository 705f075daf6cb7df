import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_REQUIRED, REFERROR_REQUIRED, type DealRecord } from '@ahente/contract/deals';
import { DEAL_STATUSES } from '@ahente/contract/enums';
import { MSG } from '@ahente/contract/messages';
import { newDeal, startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

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

/** The deal-or-sale form (editdeals' formData) for a deal. */
const form = (dealid: number, over: Record<string, unknown> = {}) => ({
  customerName: 'Maria Clara Santos',
  transactionType: 'Renewal',
  product: 'CTPL',
  tcv: '30000.25',
  sales_type: 'Direct',
  referror: '',
  agent: '',
  deal_status: 'Under Negotiation',
  sales_group: 'CarSalesGroup',
  policy: '',
  insurer: '',
  planName: '',
  effectiveDate: '2026-04-01',
  dealid,
  ...over,
});

async function addDeal(client: TestClient, id: number, over: Record<string, unknown> = {}): Promise<DealRecord> {
  const res = await client.post('/api/adddeals', newDeal(id, over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deal;
}

async function listDeals(client: TestClient, id: number): Promise<DealRecord[]> {
  const res = await client.post('/api/getdeals', { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A fresh logged-in agent with no deals: rejected requests are checked against its empty list. */
async function freshAgent() {
  const m = await t.createMember();
  return { m, c: await t.loginAs(m) };
}

describe('POST /api/adddeals', () => {
  it('saves a Direct deal and answers 200 { success: true, deal }', async () => {
    const { m, c } = await freshAgent();
    const res = await c.post('/api/adddeals', newDeal(m.id, { referror: 'ignored', agent: 'ignored' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      deal: {
        id: expect.any(Number),
        customer_name: 'Maria Clara',
        tx_type: 'New',
        product: 'Comprehensive',
        tcv: 25000.5,
        effective_date: '2026-03-15',
        createdat: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        deal_status: 'For Quotation',
        sales_type: 'Direct',
        referror: null,
        agent: null,
        sales_group: 'MedicalSalesGroup',
        sold: false,
        sale_id: null,
        customer_contact: null,
        customer_email: null,
        renews_sale_id: null,
        insurer: null,
        source: null,
        notes: null,
      },
    });
    expect(await listDeals(c, m.id)).toEqual([body.deal]);
  });

  it("saves the client's contact number and e-mail, trimmed; blank ones are null", async () => {
    const { m, c } = await freshAgent();
    const deal = await addDeal(c, m.id, { customer_contact: ' 09171234567 ', customer_email: ' maria.clara@example.ph ' });
    expect(deal).toMatchObject({
      customer_contact: '09171234567',
      customer_email: 'maria.clara@example.ph',
      insurer: null,
      renews_sale_id: null,
    });
    const blank = await addDeal(c, m.id, { customer_contact: '', customer_email: null });
    expect(blank).toMatchObject({ customer_contact: null, customer_email: null });
    const listed = await listDeals(c, m.id);
    expect(listed.find((d) => d.id === deal.id)).toMatchObject({
      customer_contact: '09171234567',
      customer_email: 'maria.clara@example.ph',
    });
    expect(listed.find((d) => d.id === blank.id)).toMatchObject({ customer_contact: null, customer_email: null });
  });

  it('refuses a contact number that is not 11 digits at most, and an e-mail that is not one, saving nothing', async () => {
    const { m, c } = await freshAgent();
    for (const [over, message] of [
      [{ customer_contact: '091712345678' }, 'Client contact number must be digits only, at most 11'],
      [{ customer_contact: '0917-123-4567' }, 'Client contact number must be digits only, at most 11'],
      [{ customer_contact: '+639171234567' }, 'Client contact number must be digits only, at most 11'],
      [{ customer_contact: 9171234567 }, 'Client contact number must be text'],
      [{ customer_email: 'maria@' }, 'Client email is not a valid email address'],
      [{ customer_email: 'maria clara@example.ph' }, 'Client email is not a valid email address'],
      [{ customer_email: `${'a'.repeat(250)}@x.ph` }, 'Client email must be at most 254 characters'],
    ] as const) {
      const res = await c.post('/api/adddeals', newDeal(m.id, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(await listDeals(c, m.id)).toEqual([]);
  });

  it('applies the form defaults: For Quotation, Direct, MedicalSalesGroup', async () => {
    const { m, c } = await freshAgent();
    const bare: Record<string, unknown> = newDeal(m.id);
    for (const k of ['dealStatus', 'salesType', 'salesGroup', 'referror', 'agent']) delete bare[k];
    const res = await c.post('/api/adddeals', bare);
    expect(res.statusCode).toBe(200);
    expect(res.json().deal).toMatchObject({ deal_status: 'For Quotation', sales_type: 'Direct', sales_group: 'MedicalSalesGroup' });
    const blanks = await c.post('/api/adddeals', newDeal(m.id, { dealStatus: '', salesType: null, salesGroup: '' }));
    expect(blanks.json().deal).toMatchObject({ deal_status: 'For Quotation', sales_type: 'Direct', sales_group: 'MedicalSalesGroup' });
  });

  it('saves an Agent deal with its referror and agent name', async () => {
    const { m, c } = await freshAgent();
    const deal = await addDeal(c, m.id, {
      salesType: 'Agent',
      referror: '  Jose Rizal ',
      agent: 'Andres Bonifacio',
      salesGroup: 'Operations',
      transactionType: 'Expansion',
      product: 'Perfomance Bond',
    });
    expect(deal).toMatchObject({
      sales_type: 'Agent',
      referror: 'Jose Rizal',
      agent: 'Andres Bonifacio',
      sales_group: 'Operations',
      tx_type: 'Expansion',
      product: 'Perfomance Bond',
    });
  });

  it.each(DEAL_STATUSES)('accepts the deal status %s', async (status) => {
    const deal = await addDeal(agentClient, agent.id, { dealStatus: status });
    expect(deal.deal_status).toBe(status);
  });

  it('accepts every product of the catalogue spelt as the spec spells it, TCV as a string', async () => {
    const { m, c } = await freshAgent();
    for (const product of ['residential(Outside Village)', 'Group MRI(CGLI)', 'Bond(Others)', 'Group']) {
      const deal = await addDeal(c, m.id, { product, tcvValue: '1000.10' });
      expect(deal).toMatchObject({ product, tcv: 1000.1 });
    }
  });

  it('keeps money exact: 1234567.89 round-trips, as a number and as a string', async () => {
    const { m, c } = await freshAgent();
    expect((await addDeal(c, m.id, { tcvValue: 1234567.89 })).tcv).toBe(1234567.89);
    expect((await addDeal(c, m.id, { tcvValue: '1234567.89' })).tcv).toBe(1234567.89);
    expect((await addDeal(c, m.id, { tcvValue: 0 })).tcv).toBe(0);
    expect((await addDeal(c, m.id, { tcvValue: 10_000_000_000 })).tcv).toBe(10_000_000_000);
    expect((await listDeals(c, m.id)).map((d) => d.tcv).sort((a, b) => a - b)).toEqual([0, 1234567.89, 1234567.89, 10_000_000_000]);
  });

  const ceiling = 'TCV must be at most 10,000,000,000';
  it.each([
    ['no customer name', { customerName: undefined }, 'Customer name is required'],
    ['a blank customer name', { customerName: '   ' }, 'Customer name is required'],
    ['an overlong customer name', { customerName: 'x'.repeat(101) }, 'Customer name must be at most 100 characters'],
    ['no transaction type', { transactionType: undefined }, 'Transaction type is required'],
    ['an unknown transaction type', { transactionType: 'Upgrade' }, 'Transaction type must be one of: New, Renewal, Expansion'],
    ['no product', { product: undefined }, 'Product is required'],
    ['an unknown product', { product: 'Life Insurance' }, 'Product must be one of the products of the catalogue'],
    ['a corrected product spelling', { product: 'Performance Bond' }, 'Product must be one of the products of the catalogue'],
    ['a product in the wrong case', { product: 'ctpl' }, 'Product must be one of the products of the catalogue'],
    ['a category as product', { product: 'Motor' }, 'Product must be one of the products of the catalogue'],
    ['no TCV', { tcvValue: undefined }, 'TCV is required'],
    ['an empty TCV', { tcvValue: '' }, 'TCV is required'],
    ['a negative TCV', { tcvValue: -1 }, 'TCV must not be negative'],
    ['a negative TCV string', { tcvValue: '-0.01' }, 'TCV must not be negative'],
    ['a TCV with 3 decimals', { tcvValue: 10.123 }, 'TCV must have at most 2 decimals'],
    ['a TCV string with 3 decimals', { tcvValue: '10.125' }, 'TCV must have at most 2 decimals'],
    ['a NaN TCV string', { tcvValue: 'NaN' }, 'TCV must be a number'],
    ['an Infinity TCV string', { tcvValue: 'Infinity' }, 'TCV must be a number'],
    ['a non-numeric TCV', { tcvValue: '12abc' }, 'TCV must be a number'],
    ['a TCV in exponent notation', { tcvValue: '1e3' }, 'TCV must be a number'],
    ['a boolean TCV', { tcvValue: true }, 'TCV must be a number'],
    ['a TCV above the ceiling', { tcvValue: 10_000_000_000.01 }, ceiling],
    ['a TCV string above the ceiling', { tcvValue: '99999999999' }, ceiling],
    ['no effective date', { effectiveDate: undefined }, 'Effective date is required'],
    ['an impossible date', { effectiveDate: '2026-02-30' }, 'Effective date must be a real date (YYYY-MM-DD)'],
    ['a 13th month', { effectiveDate: '2026-13-01' }, 'Effective date must be a real date (YYYY-MM-DD)'],
    ['a date in another format', { effectiveDate: '03/15/2026' }, 'Effective date must be a real date (YYYY-MM-DD)'],
    ['a year past the portal', { effectiveDate: '9999-12-31' }, 'Effective date must be between 1900 and 2100'],
    ['a year before it', { effectiveDate: '1899-12-31' }, 'Effective date must be between 1900 and 2100'],
    ['an unknown deal status', { dealStatus: 'Won' }, expect.stringMatching(/^Deal status must be one of: For Quotation, /)],
    ['an unknown sales type', { salesType: 'Broker' }, 'Sales type must be one of: Direct, Agent'],
    [
      'an unknown sales group',
      { salesGroup: 'LifeSalesGroup' },
      'Sales group must be one of: MedicalSalesGroup, CarSalesGroup, Operations',
    ],
    ['Agent without referror', { salesType: 'Agent', referror: '', agent: 'Andres' }, REFERROR_REQUIRED],
    ['Agent without agent name', { salesType: 'Agent', referror: 'Jose', agent: undefined }, AGENT_REQUIRED],
    ['Agent without either', { salesType: 'Agent', referror: null, agent: '  ' }, REFERROR_REQUIRED],
    ['an overlong referror', { salesType: 'Agent', referror: 'r'.repeat(101), agent: 'A' }, 'Referror must be at most 100 characters'],
    ['an overlong agent name', { salesType: 'Agent', referror: 'R', agent: 'a'.repeat(101) }, 'Agent name must be at most 100 characters'],
    ['no member id', { id: undefined }, 'id is required'],
  ])('rejects %s with 400 and saves nothing', async (_name, over, message) => {
    const { m, c } = await freshAgent();
    const res = await c.post('/api/adddeals', newDeal(m.id, over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(message);
    expect(res.json().details[0]).toMatchObject({ path: expect.any(String), message });
    expect(await listDeals(c, m.id)).toEqual([]);
  });

  it('rejects a body that is not JSON or not an object with 400', async () => {
    const { m, c } = await freshAgent();
    const raw = await c.post('/api/adddeals', undefined, { rawBody: '{"id":', headers: { 'content-type': 'application/json' } });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().error).toBe('Request body is not valid JSON');
    const arr = await c.post('/api/adddeals', [newDeal(m.id)]);
    expect(arr.statusCode).toBe(400);
    expect(await listDeals(c, m.id)).toEqual([]);
  });

  it('answers 401 to an anonymous caller and saves nothing', async () => {
    const res = await t.client().post('/api/adddeals', newDeal(agent.id, { customerName: 'Anonymous' }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please log in first' });
    expect((await listDeals(agentClient, agent.id)).some((d) => d.customer_name === 'Anonymous')).toBe(false);
  });

  it('answers 403 to another agent naming this agent and saves nothing', async () => {
    const res = await otherClient.post('/api/adddeals', newDeal(agent.id, { customerName: 'Intruder' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You may only act on your own account' });
    expect((await listDeals(agentClient, agent.id)).some((d) => d.customer_name === 'Intruder')).toBe(false);
    expect(await listDeals(otherClient, other.id)).toEqual([]);
  });

  it('answers 403 without the CSRF header and saves nothing', async () => {
    const { m, c } = await freshAgent();
    for (const csrf of ['omit', 'wrong'] as const) {
      const res = await c.post('/api/adddeals', newDeal(m.id), { csrf });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/CSRF/);
    }
    expect(await listDeals(c, m.id)).toEqual([]);
  });

  it('lets an admin add a deal for a member, which then belongs to that member', async () => {
    const { m, c } = await freshAgent();
    const res = await adminClient.post('/api/adddeals', newDeal(m.id, { customerName: 'Via Admin' }));
    expect(res.statusCode).toBe(200);
    expect(await listDeals(c, m.id)).toEqual([res.json().deal]);
  });

  it('answers 404 to an admin naming an unknown member', async () => {
    const res = await adminClient.post('/api/adddeals', newDeal(999_999));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Member not found' });
  });
});

describe('POST /api/getdeals', () => {
  it('lists only the member own deals, newest effective date first, then newest first', async () => {
    const { m, c } = await freshAgent();
    const a = await addDeal(c, m.id, { customerName: 'A', effectiveDate: '2026-01-10' });
    const b = await addDeal(c, m.id, { customerName: 'B', effectiveDate: '2026-05-01' });
    const d = await addDeal(c, m.id, { customerName: 'D', effectiveDate: '2026-01-10' });
    const e = await addDeal(c, m.id, { customerName: 'E', effectiveDate: '2025-12-31' });
    await addDeal(otherClient, other.id, { customerName: 'Not mine', effectiveDate: '2026-03-01' });
    const list = await listDeals(c, m.id);
    expect(list.map((x) => x.id)).toEqual([b.id, d.id, a.id, e.id]);
  });

  it('answers [] for a member with no deals', async () => {
    const { m, c } = await freshAgent();
    expect(await listDeals(c, m.id)).toEqual([]);
  });

  it('accepts the id as a numeric string', async () => {
    const { m, c } = await freshAgent();
    await addDeal(c, m.id);
    const res = await c.post('/api/getdeals', { id: String(m.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
  });

  it('answers 401 anonymous, 403 another agent and the fallback id 000, 200 an admin', async () => {
    await addDeal(agentClient, agent.id, { customerName: 'Seen by admin' });
    expect((await t.client().post('/api/getdeals', { id: agent.id })).statusCode).toBe(401);
    const foreign = await otherClient.post('/api/getdeals', { id: agent.id });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'You may only act on your own account' });
    expect((await agentClient.post('/api/getdeals', { id: '000' })).statusCode).toBe(403);
    const asAdmin = await adminClient.post('/api/getdeals', { id: agent.id });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual(await listDeals(agentClient, agent.id));
    expect(asAdmin.json().some((d: DealRecord) => d.customer_name === 'Seen by admin')).toBe(true);
  });

  it('answers 400 to a missing or malformed id and 403 without CSRF', async () => {
    const missing = await agentClient.post('/api/getdeals', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('id is required');
    expect((await agentClient.post('/api/getdeals', { id: 'abc' })).json().error).toBe('id must be a number');
    expect((await agentClient.post('/api/getdeals', { id: agent.id }, { csrf: 'omit' })).statusCode).toBe(403);
  });
});

describe('POST /api/editdeals', () => {
  it('replaces the deal with the form values and answers 200 { success: true, deal }', async () => {
    const { m, c } = await freshAgent();
    const deal = await addDeal(c, m.id);
    const res = await c.post('/api/editdeals', {
      id: m.id,
      formData: form(deal.id, { sales_type: 'Agent', referror: 'Jose Rizal', agent: 'Andres Bonifacio' }),
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      ...deal,
      customer_name: 'Maria Clara Santos',
      tx_type: 'Renewal',
      product: 'CTPL',
      tcv: 30000.25,
      effective_date: '2026-04-01',
      deal_status: 'Under Negotiation',
      sales_type: 'Agent',
      referror: 'Jose Rizal',
      agent: 'Andres Bonifacio',
      sales_group: 'CarSalesGroup',
    };
    expect(res.json()).toEqual({ success: true, deal: expected });
    expect(await listDeals(c, m.id)).toEqual([expected]);
  });

  it("replaces the client's contact and e-mail when sent, clears them when blank, keeps them when left out", async () => {
    const { m, c } = await freshAgent();
    const deal = await addDeal(c, m.id, { customer_contact: '09171234567', customer_email: 'maria@example.ph' });
    // The spec's client knows neither field: an edit without them keeps them.
    const kept = await c.post('/api/editdeals', { id: m.id, formData: form(deal.id) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().deal).toMatchObject({ customer_contact: '09171234567', customer_email: 'maria@example.ph' });
    expect((await listDeals(c, m.id))[0]).toMatchObject({ customer_contact: '09171234567', customer_email: 'maria@example.ph' });
    const replaced = await c.post('/api/editdeals', {
      id: m.id,
      formData: form(deal.id, { customer_contact: '09998887777', customer_email: 'clara@example.ph' }),
    });
    expect(replaced.json().deal).toMatchObject({ customer_contact: '09998887777', customer_email: 'clara@example.ph' });
    const cleared = await c.post('/api/editdeals', { id: m.id, formData: form(deal.id, { customer_contact: '', customer_email: null }) });
    expect(cleared.json().deal).toMatchObject({ customer_contact: null, customer_email: null });
    expect((await listDeals(c, m.id))[0]).toMatchObject({ customer_contact: null, customer_email: null });
    const bad = await c.post('/api/editdeals', { id: m.id, formData: form(deal.id, { customer_contact: '12345678901234' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Client contact number must be digits only, at most 11');
    expect((await listDeals(c, m.id))[0]).toMatchObject({ customer_contact: null, customer_name: 'Maria Clara Santos' });
  });

  it('keeps the deal values the form leaves out, and clears referror/agent for Direct', async () => {
    const { m, c } = await freshAgent();
    const deal = await addDeal(c, m.id, { salesType: 'Agent', referror: 'R', agent: 'A', salesGroup: 'Operations' });
    const res = await c.post('/api/editdeals', {
      id: m.id,
      formData: { dealid: deal.id, customerName: 'Only these', product: 'GYRT', tcv: 1, sales_type: 'Direct', referror: 'R', agent: 'A' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deal).toEqual({
      ...deal,
      customer_name: 'Only these',
      product: 'GYRT',
      tcv: 1,
      sales_type: 'Direct',
      referror: null,
      agent: null,
    });
  });

  it.each(DEAL_STATUSES)('accepts the status %s', async (status) => {
    const deal = await addDeal(agentClient, agent.id);
    const res = await agentClient.post('/api/editdeals', { id: agent.id, formData: form(deal.id, { deal_status: status }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().deal.deal_status).toBe(status);
  });

  it.each([
    ['no formData', { formData: undefined }, 'formData is required'],
    ['formData that is not an object', { formData: 'x' }, expect.stringMatching(/expected object/)],
    ['no dealid', { formData: { dealid: undefined } }, 'Deal id is required'],
    ['a malformed dealid', { formData: { dealid: 'one' } }, 'Deal id must be a number'],
    ['no customer name', { formData: { customerName: '' } }, 'Customer name is required'],
    ['no product', { formData: { product: undefined } }, 'Product is required'],
    [
      'an unknown product',
      { formData: { product: 'Residential(Outside Village)' } },
      'Product must be one of the products of the catalogue',
    ],
    ['no tcv', { formData: { tcv: undefined } }, 'TCV is required'],
    ['a negative tcv', { formData: { tcv: '-5' } }, 'TCV must not be negative'],
    ['a tcv with 3 decimals', { formData: { tcv: '0.001' } }, 'TCV must have at most 2 decimals'],
    ['a tcv above the ceiling', { formData: { tcv: 1e11 } }, 'TCV must be at most 10,000,000,000'],
    ['a non-numeric tcv', { formData: { tcv: 'lots' } }, 'TCV must be a number'],
    ['no sales type', { formData: { sales_type: undefined } }, 'Sales type is required'],
    ['an unknown sales type', { formData: { sales_type: 'direct' } }, 'Sales type must be one of: Direct, Agent'],
    ['Agent without referror', { formData: { sales_type: 'Agent', agent: 'A' } }, REFERROR_REQUIRED],
    ['Agent without agent name', { formData: { sales_type: 'Agent', referror: 'R' } }, AGENT_REQUIRED],
    ['an unknown deal status', { formData: { deal_status: 'Closed' } }, expect.stringMatching(/^Deal status must be one of/)],
    ['an unknown transaction type', { formData: { transactionType: 'Old' } }, 'Transaction type must be one of: New, Renewal, Expansion'],
    [
      'an unknown sales group',
      { formData: { sales_group: 'X' } },
      'Sales group must be one of: MedicalSalesGroup, CarSalesGroup, Operations',
    ],
    ['an impossible date', { formData: { effectiveDate: '2025-02-29' } }, 'Effective date must be a real date (YYYY-MM-DD)'],
    ['an overlong customer name', { formData: { customerName: 'c'.repeat(101) } }, 'Customer name must be at most 100 characters'],
  ])('rejects %s with 400 and changes nothing', async (_name, over, message) => {
    const { m, c } = await freshAgent();
    const deal = await addDeal(c, m.id);
    const { formData: overForm, ...rest } = over as { formData?: unknown };
    const formData = overForm === undefined || typeof overForm !== 'object' ? overForm : { ...form(deal.id), ...(overForm as object) };
    const res = await c.post('/api/editdeals', { id: m.id, ...rest, formData });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(message);
    expect(await listDeals(c, m.id)).toEqual([deal]);
  });

  it('answers 404 "Deal not found" for another member deal and for an unknown deal, changing nothing', async () => {
    const theirs = await addDeal(otherClient, other.id, { customerName: 'Theirs' });
    const foreign = await agentClient.post('/api/editdeals', { id: agent.id, formData: form(theirs.id) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: MSG.dealNotFound });
    const unknown = await agentClient.post('/api/editdeals', { id: agent.id, formData: form(999_999) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: MSG.dealNotFound });
    expect((await listDeals(otherClient, other.id)).find((d) => d.id === theirs.id)).toEqual(theirs);
  });

  it('answers 403 to another agent naming the owner, 401 anonymous, 403 without CSRF; changes nothing', async () => {
    const deal = await addDeal(agentClient, agent.id, { customerName: 'Guarded' });
    const body = { id: agent.id, formData: form(deal.id, { customerName: 'Hacked' }) };
    expect((await otherClient.post('/api/editdeals', body)).statusCode).toBe(403);
    expect((await t.client().post('/api/editdeals', body)).statusCode).toBe(401);
    expect((await agentClient.post('/api/editdeals', body, { csrf: 'omit' })).statusCode).toBe(403);
    expect((await listDeals(agentClient, agent.id)).find((d) => d.id === deal.id)).toEqual(deal);
  });

  it('lets an admin edit a member deal acting for that member, but not through another member id', async () => {
    const deal = await addDeal(agentClient, agent.id, { customerName: 'Before' });
    const wrongOwner = await adminClient.post('/api/editdeals', { id: other.id, formData: form(deal.id) });
    expect(wrongOwner.statusCode).toBe(404);
    const res = await adminClient.post('/api/editdeals', { id: agent.id, formData: form(deal.id, { customerName: 'After' }) });
    expect(res.statusCode).toBe(200);
    expect((await listDeals(agentClient, agent.id)).find((d) => d.id === deal.id)?.customer_name).toBe('After');
  });
});

describe('POST /api/activeproposals', () => {
  const proposals = async (client: TestClient, id: number | string) => {
    const res = await client.post('/api/activeproposals', { id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('answers { count: 0, tcv: 0 } for a member with no deals', async () => {
    const { m, c } = await freshAgent();
    expect(await proposals(c, m.id)).toEqual({ count: 0, tcv: 0 });
  });

  it("counts and sums the open deals: a sold deal and a 'Did not Continue' deal are left out", async () => {
    const { m, c } = await freshAgent();
    await addDeal(c, m.id, { tcvValue: 25000.5, dealStatus: 'For Quotation' });
    await addDeal(c, m.id, { tcvValue: '1234567.89', dealStatus: 'Under Negotiation' });
    await addDeal(c, m.id, { tcvValue: 0.11, dealStatus: 'For Billing' });
    await addDeal(c, m.id, { tcvValue: 99999, dealStatus: 'Did not Continue' });
    const sold = await addDeal(c, m.id, { tcvValue: 50000, dealStatus: 'For Quotation' });
    const sale = await c.post('/api/addsales', { id: m.id, formData: form(sold.id, { tcv: '50000' }) });
    expect(sale.statusCode, sale.body).toBe(200);
    await addDeal(otherClient, other.id, { tcvValue: 777 });
    // 25,000.50 + 1,234,567.89 + 0.11 = 1,259,568.50
    expect(await proposals(c, m.id)).toEqual({ count: 3, tcv: 1259568.5 });
  });

  it('follows an edit: a deal set to Did not Continue leaves the total', async () => {
    const { m, c } = await freshAgent();
    const a = await addDeal(c, m.id, { tcvValue: 100 });
    await addDeal(c, m.id, { tcvValue: 200.25 });
    expect(await proposals(c, m.id)).toEqual({ count: 2, tcv: 300.25 });
    const res = await c.post('/api/editdeals', { id: m.id, formData: form(a.id, { tcv: '100', deal_status: 'Did not Continue' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await proposals(c, m.id)).toEqual({ count: 1, tcv: 200.25 });
  });

  it('answers 401 anonymous, 200 the owner, 403 another agent, 200 an admin, 400 a bad id', async () => {
    const { m, c } = await freshAgent();
    await addDeal(c, m.id, { tcvValue: 1500.75 });
    const expected = { count: 1, tcv: 1500.75 };
    const anonymous = await t.client().post('/api/activeproposals', { id: m.id });
    expect(anonymous.statusCode).toBe(401);
    expect(await proposals(c, m.id)).toEqual(expected);
    const foreign = await otherClient.post('/api/activeproposals', { id: m.id });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'You may only act on your own account' });
    expect(await proposals(adminClient, m.id)).toEqual(expected);
    const missing = await c.post('/api/activeproposals', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('id is required');
    const bad = await c.post('/api/activeproposals', { id: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('id must be a number');
    expect((await c.post('/api/activeproposals', { id: m.id }, { csrf: 'omit' })).statusCode).toBe(403);
  });
});
