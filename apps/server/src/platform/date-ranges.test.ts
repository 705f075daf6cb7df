import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../test/harness.ts';

/**
 * Every From/To filter of the API refuses a To before its From with the one message the screens
 * show too (decision 023): 400, 'To must not be before From', naming `to`; the same day at both
 * ends is a range of one day.
 */
let t: TestApp;
let agentId: number;
let agentClient: TestClient;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  const c = await t.callers();
  agentId = c.agent.id;
  agentClient = c.agentClient;
  adminClient = c.adminClient;
});
afterAll(() => t.close());

/** The routes whose body has both a `from` and a `to`, and who may call each. */
const RANGE_ROUTES = [
  'commissionLedger',
  'dealsPage',
  'proposals',
  'salesPage',
  'reports',
  'salesToVerify',
  'adminAccessLog',
  'adminAccessLogExport',
  'agencyRevenue',
  'agencyRevenueXlsx',
] as const;
type RangeRoute = (typeof RANGE_ROUTES)[number];
const caller = (name: RangeRoute): { client: () => TestClient; body: () => Record<string, unknown> } =>
  name === 'salesToVerify' ||
  name === 'adminAccessLog' ||
  name === 'adminAccessLogExport' ||
  name === 'agencyRevenue' ||
  name === 'agencyRevenueXlsx'
    ? { client: () => adminClient, body: () => ({}) }
    : { client: () => agentClient, body: () => ({ id: agentId }) };

describe('reversed date ranges', () => {
  it('the list above is every route of the route table with a From/To pair', () => {
    const withRange = Object.entries(routes)
      .filter(([, r]) => {
        const body = 'body' in r ? r.body : undefined;
        const shape = body instanceof z.ZodObject ? (body.shape as Record<string, unknown>) : {};
        return 'from' in shape && 'to' in shape;
      })
      .map(([name]) => name)
      .sort();
    expect(withRange).toEqual([...RANGE_ROUTES].sort());
  });

  it('the message is the one the issue words', () => {
    expect(MSG.dateRangeReversed).toBe('To must not be before From');
  });

  for (const name of RANGE_ROUTES) {
    it(`${name}: To before From is 400 'To must not be before From'; the same day is fine`, async () => {
      const { client, body } = caller(name);
      const path = routes[name].path;
      const bad = await client().post(path, { ...body(), from: '2026-05-02', to: '2026-05-01' });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().error).toBe('To must not be before From');
      expect(bad.json().details?.[0]?.path).toBe('to');
      const oneDay = await client().post(path, { ...body(), from: '2026-05-01', to: '2026-05-01' });
      expect(oneDay.statusCode, oneDay.body).toBe(200);
      const openEnded = await client().post(path, { ...body(), from: '2026-05-02', to: '' });
      expect(openEnded.statusCode, openEnded.body).toBe(200);
    });
  }

  it('an anonymous caller is 401 whatever the range', async () => {
    for (const name of RANGE_ROUTES) {
      const res = await t.client().post(routes[name].path, { ...caller(name).body(), from: '2026-05-02', to: '2026-05-01' });
      expect(res.statusCode, name).toBe(401);
    }
  });
});
