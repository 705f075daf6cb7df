import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { pathOf, routes } from '@ahente/contract/routes';
import {
  AGENCY_TAX_DETAILS_MISSING_CODE,
  AGENCY_TAX_DETAILS_MISSING_FOR_ADMIN,
  AGENCY_TAX_DETAILS_MISSING_FOR_MEMBER,
  type AgencyTaxDetails,
  type AlphalistResponse,
} from '@ahente/contract/tax';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * The agency's tax details (decision 019): with the README's set-up (no AGENCY_TIN, AGENCY_ADDRESS,
 * AGENCY_RDO) a member asking for their BIR Form 2307 reads that the agency has not set them up
 * yet, and the administrators are told once; an administrator saves them on the portal, and the
 * same request then gives the form, its payee named "Last, First, Middle".
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

let clock = new Date('2027-07-05T02:00:00.000Z');
let t: TestApp;
let admin: Member;
let adminClient: TestClient;
let payee: Member;
let payeeClient: TestClient;
const Q3 = { year: 2027, quarter: 3 };

beforeAll(async () => {
  // The README's start: none of the three set.
  t = await startTestApp({ agencyTin: null, agencyAddress: null, agencyRdo: null }, { now: () => clock });
  admin = await t.createAdmin();
  adminClient = await t.loginAs(admin);
  payee = await t.createMember({ f_name: 'Juan', m_name: 'Santos', l_name: 'Dela Cruz' });
  await t.licenseMember(payee.id, { issued_on: '2020-01-01', expires_on: '2099-12-31' });
  payeeClient = await t.loginAs(payee);
  const add = await adminClient.post(routes.addAdjustment.path, {
    member_id: payee.id,
    amount: '10000',
    reason: 'Commission from the insurer',
  });
  expect(add.statusCode, add.body).toBe(200);
  // July has ended: its close withholds 5 % of the ₱10,000.00.
  clock = new Date('2027-08-02T02:00:00.000Z');
  const close = await adminClient.post(routes.closePeriod.path, { period: '2027-07' });
  expect(close.statusCode, close.body).toBe(200);
});
afterAll(() => t.close());

const notificationsOf = (memberId: number) =>
  t.db.db.selectFrom('notifications').select(['event', 'title', 'body', 'link']).where('member_id', '=', memberId).execute();
const stored = () => t.db.db.selectFrom('agency_tax_details').selectAll().execute();

describe('while the agency’s tax details are unset', () => {
  it('tells the member why they get no 2307 (409 with its code), and the administrators once', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await payeeClient.get(pathOf(routes.form2307Pdf, { id: payee.id, ...Q3 }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: AGENCY_TAX_DETAILS_MISSING_FOR_MEMBER,
        code: AGENCY_TAX_DETAILS_MISSING_CODE,
        missing: ['tin', 'address', 'rdo'],
      });
    }
    expect(AGENCY_TAX_DETAILS_MISSING_FOR_MEMBER).toBe(
      'The agency has not set up its tax details (its TIN, address and RDO) yet, so BIR Form 2307 cannot be issued. The administrators have been told; try again later.',
    );
    const told = (await notificationsOf(admin.id)).filter((n) => n.event === 'agency_tax_details_missing');
    expect(told).toEqual([
      {
        event: 'agency_tax_details_missing',
        title: "Set up the agency's tax details",
        body: "A member asked for their BIR Form 2307, but the agency's TIN, address, RDO are not set, so it cannot be issued. Set the agency's TIN, address and RDO on Admin Panel → Commissions (Agency tax details).",
        link: '/admin/admincommissions',
      },
    ]);
    // The member is told nothing in their bell about it; their list of 2307s still shows the quarter.
    expect((await notificationsOf(payee.id)).some((n) => n.event === 'agency_tax_details_missing')).toBe(false);
    expect((await payeeClient.post(routes.form2307s.path, { id: payee.id })).json()).toEqual([
      { year: 2027, quarter: 3, income: 10000, tax: 500, deadline: '2027-10-20' },
    ]);
  });

  it('tells an administrator where to set them, and says which are missing', async () => {
    const res = await adminClient.get(pathOf(routes.alphalistDat, Q3));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(AGENCY_TAX_DETAILS_MISSING_FOR_ADMIN);
    expect((await adminClient.get(pathOf(routes.form2307Pdf, { id: payee.id, ...Q3 }))).json().error).toBe(
      AGENCY_TAX_DETAILS_MISSING_FOR_ADMIN,
    );
    expect((await adminClient.get(routes.agencyTaxDetails.path)).json()).toEqual({
      tin: null,
      address: null,
      rdo: null,
      source: 'environment',
      missing: ['tin', 'address', 'rdo'],
      updated_at: null,
      updated_by_name: null,
    });
    expect((await payeeClient.get(routes.payoutSettings.path)).json()).toMatchObject({ agency_configured: false });
  });
});

describe('setagencytaxdetails', () => {
  it('refuses bad input with the field’s message, saving nothing', async () => {
    const good = { tin: '123-456-789-000', address: '12 Ayala Avenue, Makati City', rdo: '050' };
    for (const [body, message] of [
      [{ ...good, tin: '123-456-789' }, "TIN must be the agency's TIN with its branch code, 000-000-000-000"],
      [{ ...good, rdo: 'Makati' }, 'RDO must be a BIR revenue district office code such as 050 or 21B'],
      [{ ...good, address: '   ' }, 'Registered address is required'],
      [{ ...good, address: 'x'.repeat(201) }, 'Registered address must be at most 200 characters'],
      [{ tin: good.tin, address: good.address }, 'RDO must be a BIR revenue district office code such as 050 or 21B'],
      [{ ...good, created_by: 1 }, ''],
      [[], ''],
    ] as const) {
      const res = await adminClient.post(routes.setAgencyTaxDetails.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect(await stored()).toEqual([]);
  });

  it('is for administrators only', async () => {
    const body = { tin: '123-456-789-000', address: '12 Ayala Avenue, Makati City', rdo: '050' };
    expect((await payeeClient.post(routes.setAgencyTaxDetails.path, body)).statusCode).toBe(403);
    expect((await payeeClient.get(routes.agencyTaxDetails.path)).statusCode).toBe(403);
    expect((await t.client().post(routes.setAgencyTaxDetails.path, body)).statusCode).toBe(401);
    expect(await stored()).toEqual([]);
  });

  it('saves them (normalised), and the member then gets a real 2307 naming them "Last, First, Middle"', async () => {
    const res = await adminClient.post(routes.setAgencyTaxDetails.path, {
      tin: '123456789 00000',
      address: ' 12 Ayala Avenue, Makati City ',
      rdo: '21b',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved: AgencyTaxDetails = res.json();
    expect(saved).toMatchObject({
      tin: '123-456-789-00000',
      address: '12 Ayala Avenue, Makati City',
      rdo: '21B',
      source: 'settings',
      missing: [],
      updated_at: clock.toISOString(),
    });
    expect(saved.updated_by_name).toMatch(/^First\d+ Last\d+$/);
    expect((await payeeClient.get(routes.payoutSettings.path)).json()).toMatchObject({ agency_configured: true });

    const pdf = await payeeClient.get(pathOf(routes.form2307Pdf, { id: payee.id, ...Q3 }));
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = (await new PDFParse({ data: pdf.rawPayload }).getText()).text;
    expect(text).toContain('Dela Cruz, Juan, Santos');
    expect(text).not.toContain('Juan Santos Dela Cruz');
    expect(text).toContain('123-456-789-00000');
    expect(text).toContain('12 Ayala Avenue, Makati City');
    expect(text).toContain('21B');

    // The alphalist writes the payee in the same order.
    const list: AlphalistResponse = (await adminClient.get(pathOf(routes.alphalist, Q3))).json();
    expect(list.rows.map((r) => r.member_name)).toEqual(['Dela Cruz, Juan, Santos']);

    // A later version replaces it; the first stays on record.
    const again = await adminClient.post(routes.setAgencyTaxDetails.path, {
      tin: '123-456-789-001',
      address: '1 Rizal Street, Manila',
      rdo: '031',
    });
    expect(again.json()).toMatchObject({ tin: '123-456-789-001', rdo: '031', source: 'settings' });
    expect((await stored()).map((r) => r.tin)).toEqual(['123-456-789-00000', '123-456-789-001']);
  });
});

describe('the environment’s values', () => {
  it('apply while nothing is saved, and saved settings take their place', async () => {
    const env = await startTestApp();
    try {
      const client = await env.loginAs(await env.createAdmin());
      expect((await client.get(routes.agencyTaxDetails.path)).json()).toMatchObject({
        tin: env.config.agencyTin,
        address: env.config.agencyAddress,
        rdo: env.config.agencyRdo,
        source: 'environment',
        missing: [],
      });
      await client.post(routes.setAgencyTaxDetails.path, { tin: '987-654-321-000', address: '5 Osmeña Blvd, Cebu City', rdo: '083' });
      expect((await client.get(routes.agencyTaxDetails.path)).json()).toMatchObject({ tin: '987-654-321-000', source: 'settings' });
    } finally {
      await env.close();
    }
  });
});
