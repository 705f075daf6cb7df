import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dealListResponse, type DealRecord } from '@ahente/contract/deals';
import { routes } from '@ahente/contract/routes';
import { newDeal, startTestApp, type TestApp } from '../../test/harness.ts';
import { compiled, responseSerializerCompiler } from './response-serializer.ts';

const deal = (over: Partial<DealRecord> = {}): DealRecord => ({
  id: 7,
  customer_name: 'Maria "Clara" Santos \\ Ñiño',
  tx_type: 'New',
  product: 'Comprehensive',
  tcv: 25000.5,
  effective_date: '2026-03-15',
  createdat: '2026-03-15T01:02:03.004Z',
  deal_status: 'For Quotation',
  sales_type: 'Agent',
  referror: 'Jose Rizal',
  agent: null,
  sales_group: 'MedicalSalesGroup',
  sold: true,
  sale_id: 12,
  customer_contact: null,
  customer_email: 'maria@example.ph',
  renews_sale_id: null,
  insurer: null,
  ...over,
});

const compile = (check: boolean, schema: z.ZodType = dealListResponse) =>
  responseSerializerCompiler({ check })({ schema, method: 'POST', url: '/api/getdeals' });

describe('the compiled response serializer (decision 035)', () => {
  it('compiles every JSON answer of the route table', () => {
    const json = Object.entries(routes).flatMap(([name, def]) =>
      Object.entries(def.responses as Record<string, unknown>)
        .filter(([status, schema]) => Number(status) < 300 && schema instanceof z.ZodObject)
        .map(([status, schema]) => [`${name} ${status}`, compiled(schema as z.ZodType) !== null] as const),
    );
    expect(json.length).toBeGreaterThan(50);
    expect(json.filter(([, ok]) => !ok).map(([name]) => name)).toEqual([]);
  });

  it.each([true, false])('writes the same bytes as JSON.stringify of zod’s result (check %s)', (check) => {
    const list = [deal(), deal({ id: 8, referror: null, sold: false, sale_id: null, tcv: 0.01, customer_name: 'tab\there\u2028' })];
    expect(compile(check)(list)).toBe(JSON.stringify(dealListResponse.parse(list)));
  });

  it.each([true, false])('writes only the declared properties: a row’s extra columns never leave (check %s)', (check) => {
    const row = { ...deal(), member_id: 3, password_hash: 'scrypt$secret', updated_at: 'x' };
    const text = compile(check)([row]);
    expect(JSON.parse(text)).toEqual([deal()]);
    expect(text).not.toContain('secret');
  });

  it('with the check, an answer its schema refuses is a serialisation error (a 500), as before', () => {
    expect.assertions(1);
    try {
      compile(true)([deal({ deal_status: 'Sold' as DealRecord['deal_status'] })]);
    } catch (err) {
      expect(isResponseSerializationError(err)).toBe(true);
    }
  });

  it('without the check, a missing required property still fails instead of sending half an answer', () => {
    const { tcv: _tcv, ...noTcv } = deal();
    expect(() => compile(false)([noTcv])).toThrow(/tcv/);
  });

  it('a schema with a transform keeps zod’s serializer', () => {
    const schema = z.object({ at: z.string().transform((v) => v.length) });
    expect(compiled(schema)).toBeNull();
    const codec = z.object({ n: z.codec(z.string(), z.number(), { decode: Number, encode: String }) });
    expect(compiled(codec)).toBeNull();
    expect(compile(false, codec)({ n: 5 })).toBe('{"n":"5"}');
  });
});

describe('POST /api/getdeals without the check (production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ checkResponses: false });
  });
  afterAll(() => t.close());

  it('answers the member’s deals, every field of the contract and nothing else', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    const added = await c.post('/api/adddeals', newDeal(m.id, { salesType: 'Agent', referror: 'Jose Rizal', agent: 'Andres Bonifacio' }));
    expect(added.statusCode, added.body).toBe(200);
    const res = await c.post('/api/getdeals', { id: m.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual([added.json().deal]);
    expect(Object.keys(res.json()[0]).sort()).toEqual(Object.keys(dealListResponse.element.shape).sort());
  });

  it('still validates what comes in: a bad body is a 400', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    const res = await c.post('/api/adddeals', newDeal(m.id, { dealStatus: 'Sold' }));
    expect(res.statusCode).toBe(400);
    expect((await c.post('/api/getdeals', { id: m.id })).json()).toEqual([]);
  });
});
