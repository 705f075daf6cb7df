import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '@ahente/contract/common';
import { startTestApp, type TestApp, type TestClient } from '../../test/harness.ts';

/**
 * Input that one database stores and the other cannot must get the same clear 400 on both, and save
 * nothing: ids beyond a 32-bit column, and NUL or other control characters in text. Every string of
 * every JSON body below is poisoned in turn.
 */
let t: TestApp;
let admin: TestClient;
let adminId: number;
let agentId: number;
let dealId: number;
let sectionId: number;
let materialId: number;
let ticketId: number;

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
interface Case {
  url: string;
  anonymous?: boolean;
  body: () => Record<string, Json>;
}

const cases = (): Case[] => [
  { url: '/api/login', anonymous: true, body: () => ({ username: 'someone', password: 'a-password-1' }) },
  {
    url: '/api/registeraccounts',
    anonymous: true,
    body: () => ({
      username: 'newagent',
      password: 'secret-pass-1',
      email: 'new@example.ph',
      lname: 'Cruz',
      fname: 'Juan',
      mname: 'Santos',
      contact: '09171234567',
      refCode: 'ABCDEFGH',
      consent: true,
    }),
  },
  {
    url: '/api/editMember',
    body: () => ({
      id: agentId,
      f_name: 'Ana',
      m_name: 'B',
      l_name: 'Reyes',
      email: 'ana.reyes@example.ph',
      contact_no: '09170000000',
      gender: 'female',
      birthdate: '1990-01-31',
      address: 'Somewhere',
      address_number: '12',
      address_street: 'Rizal St',
      address_region: '1300000000',
      address_city: '1380600000',
      address_barangay: '1380601001',
      username: 'ana_reyes',
      password: 'new-password-1',
      referral_code: 'ANAREYES',
      account_type: 'user',
      position: 'Manager',
      status: 'Approved',
      reg_date: '2026-01-01',
    }),
  },
  { url: '/api/changepassword', body: () => ({ id: agentId, password: 'another-pass-1', current_password: 'correct-horse-1' }) },
  // Settings and details (decision 015).
  { url: '/api/getuserdetails', body: () => ({ id: agentId }) },
  {
    url: '/api/adduserbanks',
    body: () => ({ id: agentId, bank_name: 'BDO Unibank', account_number: '0012-3456-7890', account_name: 'Ana Reyes' }),
  },
  { url: '/api/getcertifications', body: () => ({ id: agentId }) },
  {
    url: '/api/addcertifications',
    body: () => ({
      id: agentId,
      lfa_code: 'LFA-1',
      cirm_code: 'CIRM-1',
      coding_date_1: '2026-01-15',
      coding_date_2: '2026-02-15',
      individual_hmo: '2026-03-01',
      sme_hmo: '2026-03-02',
      corporate_gyrt: '2026-03-03',
      prepaid_hmo: '2026-03-04',
      corporate_cgli: '2026-03-05',
      corporate_hmo: '2026-03-06',
      createdat: '2026-11-23T10:00:00.000Z',
    }),
  },
  { url: '/api/adminmemberrecords', body: () => ({ id: adminId }) },
  { url: '/api/membersrecord', body: () => ({ id: adminId }) },
  { url: '/api/gethiearchy', body: () => ({ id: adminId }) },
  { url: '/api/teamsize', body: () => ({ id: adminId }) },
  {
    url: '/api/adminmembersearch',
    body: () => ({ id: adminId, q: 'Ana Reyes', page: 1, pageSize: 25, status: 'Pending', sort: 'name', dir: 'desc' }),
  },
  { url: '/api/adminmembercounts', body: () => ({ id: adminId }) },
  { url: '/api/approvemember', body: () => ({ id: agentId }) },
  { url: '/api/deactivatemember', body: () => ({ id: agentId }) },
  { url: '/api/memberhistory', body: () => ({ id: agentId }) },
  { url: '/api/createsection', body: () => ({ name: 'Brochures', library: 'Learning' }) },
  { url: '/api/getmaterial', body: () => ({ sectionId: String(sectionId) }) },
  {
    url: '/api/adddeals',
    body: () => ({
      id: adminId,
      customerName: 'Maria Clara',
      transactionType: 'New',
      product: 'Comprehensive',
      tcvValue: '25000.50',
      effectiveDate: '2026-03-15',
      dealStatus: 'For Quotation',
      salesType: 'Agent',
      referror: 'Jose',
      agent: 'Rizal',
      salesGroup: 'MedicalSalesGroup',
    }),
  },
  ...['/api/editdeals', '/api/addsales'].map((url) => ({
    url,
    body: () => ({
      id: adminId,
      formData: {
        dealid: String(dealId),
        customerName: 'Maria Clara Santos',
        transactionType: 'Renewal',
        product: 'CTPL',
        tcv: '30000.25',
        sales_type: 'Agent',
        referror: 'Jose',
        agent: 'Rizal',
        deal_status: 'Under Negotiation',
        sales_group: 'CarSalesGroup',
        policy: 'POL-1',
        insurer: 'Insurer Inc',
        planName: 'Gold',
        effectiveDate: '2026-04-01',
      },
    }),
  })),
  { url: '/api/getdeals', body: () => ({ id: adminId }) },
  { url: '/api/getsales', body: () => ({ id: adminId }) },
  { url: '/api/dealspage', body: () => ({ id: adminId, from: '2026-01-01', to: '2026-12-31', limit: 100 }) },
  { url: '/api/salespage', body: () => ({ id: adminId, from: '2026-01-01', to: '2026-12-31', limit: 100 }) },
  { url: '/api/activeproposals', body: () => ({ id: agentId }) },
  { url: '/api/licencealerts', body: () => ({ id: agentId }) },
  // Tickets (decision 012).
  { url: '/api/addticket', body: () => ({ id: agentId, title: 'Missing commission', description: 'Line one\nLine two', type: 'finance' }) },
  { url: '/api/getmytickets', body: () => ({ id: agentId }) },
  {
    url: '/api/editticket',
    body: () => ({ ticketId: String(ticketId), title: 'Missing commission', description: 'Checked', type: 'sales' }),
  },
  { url: '/api/closeticket', body: () => ({ ticketId: String(ticketId), status: 'Resolved', message: 'Line one\nLine two' }) },
  { url: '/api/ticketreplies', body: () => ({ ticket_id: String(ticketId) }) },
  { url: '/api/replyticket', body: () => ({ ticket_id: String(ticketId), message: 'Any news?\nThank you' }) },
  // Commissions (decision 016).
  { url: '/api/commissionsummary', body: () => ({ id: agentId }) },
  { url: '/api/commissionledger', body: () => ({ id: agentId, from: '2026-01-01', to: '2026-12-31', kind: 'override' }) },
  { url: '/api/commissionstatements', body: () => ({ id: agentId }) },
  { url: '/api/setcommissionrate', body: () => ({ kind: 'product', key: 'Comprehensive', rate: '12.5', effective_from: '2099-01-01' }) },
  // Insurers (decision 037).
  { url: '/api/saveinsurer', body: () => ({ name: 'Malayan Insurance', code: 'MAL', aliases: ['Malayan Ins'], active: true }) },
  { url: '/api/linkinsurername', body: () => ({ text: 'Malayan Ins.', insurer_id: '1' }) },
  { url: '/api/setinsurerrate', body: () => ({ insurer_id: '1', product: 'CTPL', rate: '12.5', effective_from: '2026-01-01' }) },
  { url: '/api/insurerrates', body: () => ({ insurer_id: '1' }) },
  { url: '/api/commissionadjustment', body: () => ({ member_id: String(agentId), amount: '-250.50', reason: 'Correction' }) },
  { url: '/api/closeperiod', body: () => ({ period: '2026-01' }) },
  { url: '/api/periodstatements', body: () => ({ period: '2026-01' }) },
  { url: '/api/markstatementpaid', body: () => ({ statement_id: '1', paid_on: '2026-01-31', reference: 'BDO-0001' }) },
  // Verified sales, licences and held commissions (decision 018).
  { url: '/api/salestoverify', body: () => ({ insurer: 'Pioneer', product: 'CTPL', agent: 'ana', from: '2026-01-01', to: '2026-12-31' }) },
  { url: '/api/verifysales', body: () => ({ sale_ids: [1], decision: 'rejected', reason: 'Policy not issued' }) },
  {
    url: '/api/addlicense',
    body: () => ({
      id: agentId,
      line: 'Non-Life',
      license_no: 'NL-2026-0001',
      insurer: 'Pioneer',
      issued_on: '2026-01-05',
      expires_on: '2029-12-31',
    }),
  },
  { url: '/api/getlicenses', body: () => ({ id: agentId }) },
  { url: '/api/verifylicense', body: () => ({ license_id: '1', decision: 'rejected', reason: 'The scan is unreadable' }) },
  { url: '/api/releasecommission', body: () => ({ entry_id: '1' }) },
  { url: '/api/forfeitcommission', body: () => ({ entry_id: '1', reason: 'No licence' }) },
  // Cancellations, withholding and the BIR's forms (decision 019).
  {
    url: '/api/cancelsale',
    body: () => ({ sale_id: '1', cancelled_on: '2026-01-31', reason: 'Free-look cancellation', refund: '100.50' }),
  },
  { url: '/api/withholding', body: () => ({ id: agentId }) },
  {
    url: '/api/setwithholding',
    body: () => ({ member_id: String(agentId), rate: '10', effective_from: '2099-01-01', reason: 'Sworn declaration' }),
  },
  { url: '/api/setpayoutsettings', body: () => ({ minimum_payout: '500', atc_5: 'WI070', atc_10: 'WI071' }) },
  { url: '/api/form2307s', body: () => ({ id: agentId }) },
  // Performance Reports (decision 017).
  { url: '/api/reports', body: () => ({ id: adminId, scope: 'team', from: '2026-01-01', to: '2026-12-31' }) },
  // The book of business (decision 025).
  {
    url: '/api/portfolio',
    body: () => ({ id: agentId, scope: 'own', status: 'due', due_within_days: 30, q: 'maria', page: 1, pageSize: 25 }),
  },
  { url: '/api/portfolioexport', body: () => ({ id: agentId, scope: 'team', status: 'lapsed', due_within_days: 60, q: 'pol-1' }) },
  { url: '/api/startrenewal', body: () => ({ sale_id: 1 }) },
  // Proposals (decision 038).
  {
    url: '/api/saveproposal',
    body: () => ({
      id: agentId,
      client: { name: 'Juan dela Cruz', contact: '09171234567', email: 'juan@example.ph' },
      product: 'Comprehensive',
      options: [
        { insurer: 'Malayan', plan_name: 'Plus', basic_premium: '18437.55', coverages: [{ name: 'Own Damage', limit: '850,000' }] },
      ],
      valid_until: '2026-12-31',
      start_date: '2026-12-01',
      notes: 'Renewal quote',
    }),
  },
  { url: '/api/proposals', body: () => ({ id: agentId, status: 'sent', from: '2026-01-01', to: '2026-12-31', limit: 50 }) },
  { url: '/api/proposal', body: () => ({ proposal_id: 1 }) },
  { url: '/api/sendproposal', body: () => ({ proposal_id: 1 }) },
  { url: '/api/withdrawproposal', body: () => ({ proposal_id: 1, reason: 'Client bought elsewhere' }) },
  { url: '/api/acceptproposal', body: () => ({ proposal_id: 1, option: 1 }) },
  { url: '/api/public/proposal/:token/accept', anonymous: true, body: () => ({ option: 1 }) },
  {
    url: '/api/public/proposal/:token/decline',
    anonymous: true,
    body: () => ({ reason: 'Too dear' }),
  },
  { url: '/api/saveproposalsettings', body: () => ({ effective_from: '2026-01-01', lgt: 0.2 }) },
  { url: '/api/savectplpremium', body: () => ({ vehicle_type: 'private_car', years: 1, premium: '447', effective_from: '2026-01-01' }) },
  // E-Store (decision 040).
  { url: '/api/storerequests', body: () => ({ id: agentId, status: 'new' }) },
  { url: '/api/setstorerequest', body: () => ({ request_id: 1, status: 'contacted' }) },
  { url: '/api/storesettings', body: () => ({ id: agentId, show_photo: true, show_contact: false }) },
  // Notifications (decision 026).
  { url: '/api/notifications', body: () => ({ id: agentId, unread_only: true }) },
  { url: '/api/readnotifications', body: () => ({ ids: [1], all: false }) },
  { url: '/api/notificationpreferences', body: () => ({ id: agentId }) },
  { url: '/api/setlanguage', body: () => ({ language: 'fil' }) },
  { url: '/api/setnotificationpreferences', body: () => ({ id: agentId, email: { ticket_answered: false, statement_ready: true } }) },
  // Password reset by e-mail (decision 026).
  { url: '/api/forgotpassword', anonymous: true, body: () => ({ login: 'ana.reyes@example.ph' }) },
  { url: '/api/resetpassword', anonymous: true, body: () => ({ token: 'a'.repeat(43), password: 'a-new-password-1' }) },
  // "This wasn't me" from the notice of an e-mail change (decision 027).
  { url: '/api/reportemailchange', anonymous: true, body: () => ({ token: 'a'.repeat(43) }) },
  // The privacy notice (decision 027): Markdown, tabs and line breaks allowed, no other control
  // character.
  { url: '/api/publishprivacynotice', body: () => ({ body: '# Privacy Notice\n\n- We collect\tyour name.' }) },
  { url: '/api/acceptprivacynotice', body: () => ({ version: 1 }) },
  // My data, erasure, the access log, two-factor sign-in and sessions (decision 027).
  { url: '/api/requesterasure', body: () => ({ id: agentId, password: 'a-password-1' }) },
  { url: '/api/myprivacy', body: () => ({ id: agentId }) },
  { url: '/api/decideerasure', body: () => ({ member_id: agentId, decision: 'refused', reason: 'Records under audit.' }) },
  { url: '/api/accesslog', body: () => ({ id: agentId }) },
  { url: '/api/adminaccesslog', body: () => ({ actor: 'Ana', subject: 'Reyes', from: '2026-01-01', to: '2026-01-31' }) },
  { url: '/api/adminaccesslogexport', body: () => ({ actor: 'Ana', subject: 'Reyes' }) },
  // Insurers' statements (decision 037).
  { url: '/api/statementimports', body: () => ({}) },
  { url: '/api/undoimport', body: () => ({ import_id: 1, reason: 'Wrong month' }) },
  { url: '/api/statementlines', body: () => ({ import_id: 1, status: 'matched' }) },
  { url: '/api/matchstatementline', body: () => ({ line_id: 1, sale_id: 1 }) },
  { url: '/api/ignorestatementline', body: () => ({ line_id: 1, reason: 'Not ours' }) },
  { url: '/api/verifyfromstatement', body: () => ({ import_id: 1 }) },
  // Missing commissions and the agency's revenue (decision 037): no text fields but the dates.
  { url: '/api/missingcommissions', body: () => ({ older_than_days: 60 }) },
  { url: '/api/missingcommissionsxlsx', body: () => ({ older_than_days: 60 }) },
  { url: '/api/agencyrevenue', body: () => ({ from: '2026-01-01', to: '2026-12-31' }) },
  { url: '/api/agencyrevenuexlsx', body: () => ({ from: '2026-01-01', to: '2026-12-31' }) },
  { url: '/api/confirmmfa', body: () => ({ code: '123456' }) },
  { url: '/api/disablemfa', body: () => ({ password: 'a-password-1', code: '123456' }) },
  { url: '/api/regeneratemfacodes', body: () => ({ code: '123456' }) },
  { url: '/api/resetmembermfa', body: () => ({ id: agentId }) },
  { url: '/api/sessions', body: () => ({ id: agentId }) },
  { url: '/api/endsession', body: () => ({ session_id: '0123456789abcdef' }) },
  { url: '/api/endmembersessions', body: () => ({ id: agentId }) },
  // A new member's first steps, the sponsor behind a referral code, the agency's tax details
  // (decisions 018, 001 and 019).
  { url: '/api/setupchecklist', body: () => ({ id: agentId }) },
  { url: '/api/referralsponsor', anonymous: true, body: () => ({ code: 'ABC12345' }) },
  {
    url: '/api/setagencytaxdetails',
    body: () => ({ tin: '009-876-543-000', address: '12 Ayala Avenue, Makati City', rdo: '050' }),
  },
  // University (decision 039): a text module's Markdown and a question may hold line breaks and tabs.
  {
    url: '/api/savecourse',
    body: () => ({
      title: 'Onboarding',
      description: 'Who we are',
      lines: ['Non-Life'],
      modules: [
        { title: 'Welcome', kind: 'text', body: '# Welcome\n\nRead this.' },
        { title: 'Video', kind: 'video', url: 'https://example.com/video' },
      ],
      quiz: { questions: [{ text: 'Who licenses agents?', choices: ['The IC', 'The BIR'], correct: [0] }] },
      required: { scope: 'position', value: 'Manager' },
    }),
  },
  { url: '/api/publishcourse', body: () => ({ course_id: 1 }) },
  { url: '/api/editcourse', body: () => ({ course_id: 1 }) },
  { url: '/api/coursereport', body: () => ({ course_id: 1 }) },
  { url: '/api/courses', body: () => ({ id: agentId }) },
  { url: '/api/course', body: () => ({ id: agentId, course_id: 1 }) },
  { url: '/api/completemodule', body: () => ({ id: agentId, course_id: 1, module_id: 1 }) },
  { url: '/api/submitquiz', body: () => ({ id: agentId, course_id: 1, answers: [{ question_id: 1, choices: [0] }] }) },
  // Routes that take no body: listed so that the list stays complete (nothing to poison).
  { url: '/api/privacyrequests', body: () => ({}) },
  { url: '/api/mfastatus', body: () => ({}) },
  { url: '/api/startmfa', body: () => ({}) },
  { url: '/api/endothersessions', body: () => ({}) },
  { url: '/api/adminqueues', body: () => ({}) },
];

/** Every path to a string (or id) leaf of a body. */
function leaves(value: Json, path: string[] = []): string[][] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [path];
}
function setAt(body: Record<string, Json>, path: string[], value: Json): Record<string, Json> {
  const copy = structuredClone(body);
  let node = copy as Record<string, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, Json>;
  node[path.at(-1)!] = value;
  return copy;
}

async function snapshot() {
  const db = t.db.db;
  return {
    members: await db.selectFrom('members').selectAll().orderBy('id').execute(),
    deals: await db.selectFrom('deals').selectAll().orderBy('id').execute(),
    sales: await db.selectFrom('sales').selectAll().orderBy('id').execute(),
    sections: await db.selectFrom('sections').selectAll().orderBy('id').execute(),
    materials: await db.selectFrom('materials').selectAll().orderBy('id').execute(),
    member_audit: await db.selectFrom('member_audit').selectAll().orderBy('id').execute(),
    tickets: await db.selectFrom('tickets').selectAll().orderBy('id').execute(),
    ticket_replies: await db.selectFrom('ticket_replies').selectAll().orderBy('id').execute(),
    bank_details: await db.selectFrom('bank_details').selectAll().orderBy('member_id').execute(),
    certifications: await db.selectFrom('certifications').selectAll().orderBy('id').execute(),
    commission_rates: await db.selectFrom('commission_rates').selectAll().orderBy('id').execute(),
    commission_periods: await db.selectFrom('commission_periods').selectAll().orderBy('period').execute(),
    commission_statements: await db.selectFrom('commission_statements').selectAll().orderBy('id').execute(),
    commission_entries: await db.selectFrom('commission_entries').selectAll().orderBy('id').execute(),
    commission_entry_decisions: await db.selectFrom('commission_entry_decisions').selectAll().orderBy('entry_id').execute(),
    licenses: await db.selectFrom('licenses').selectAll().orderBy('id').execute(),
    member_withholding: await db.selectFrom('member_withholding').selectAll().orderBy('id').execute(),
    payout_settings: await db.selectFrom('payout_settings').selectAll().orderBy('id').execute(),
    notifications: await db.selectFrom('notifications').selectAll().orderBy('id').execute(),
    notification_preferences: await db.selectFrom('notification_preferences').selectAll().orderBy('member_id').orderBy('event').execute(),
    proposals: await db.selectFrom('proposals').selectAll().orderBy('id').execute(),
    proposal_options: await db.selectFrom('proposal_options').selectAll().orderBy('id').execute(),
    proposal_tax_settings: await db.selectFrom('proposal_tax_settings').selectAll().orderBy('id').execute(),
    ctpl_premiums: await db.selectFrom('ctpl_premiums').selectAll().orderBy('id').execute(),
    courses: await db.selectFrom('courses').selectAll().orderBy('id').execute(),
    course_modules: await db.selectFrom('course_modules').selectAll().orderBy('id').execute(),
    course_attempts: await db.selectFrom('course_attempts').selectAll().orderBy('id').execute(),
    insurers: await db.selectFrom('insurers').selectAll().orderBy('id').execute(),
    insurer_aliases: await db.selectFrom('insurer_aliases').selectAll().orderBy('id').execute(),
    insurer_rates: await db.selectFrom('insurer_rates').selectAll().orderBy('id').execute(),
    store_products: await db.selectFrom('store_products').selectAll().orderBy('id').execute(),
    store_requests: await db.selectFrom('store_requests').selectAll().orderBy('id').execute(),
    store_settings: await db.selectFrom('store_settings').selectAll().orderBy('member_id').execute(),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  const a = await t.createAdmin();
  adminId = a.id;
  admin = await t.loginAs(a);
  agentId = (await t.createMember()).id;
  sectionId = (await admin.post('/api/createsection', { name: 'Bounds' })).json().section.id;
  const up = await admin.postForm('/api/uploadmaterial', [
    { name: 'sectionId', value: String(sectionId) },
    { name: 'file', filename: 'bounds.pdf', content: Buffer.from('%PDF-1.7\nbounds') },
  ]);
  materialId = up.json().material.id;
  const deal = await admin.post(
    '/api/adddeals',
    cases()
      .find((c) => c.url === '/api/adddeals')!
      .body(),
  );
  expect(deal.statusCode, deal.body).toBe(200);
  dealId = deal.json().deal.id;
  const ticket = await admin.post('/api/addticket', { id: agentId, title: 'Bounds', description: 'Bounds', type: 'concerns' });
  expect(ticket.statusCode, ticket.body).toBe(201);
  ticketId = ticket.json().ticket.id;
});
afterAll(() => t.close());

describe('text with NUL or other control characters', () => {
  it('has a case for every JSON route, so a new one cannot be forgotten here', () => {
    const noJsonBody = ['/api/logout', '/api/uploadmaterial', '/api/previewstatement', '/api/importstatement'];
    // E-Store (decision 040): no body, a multipart form, and a browser's form (its bounds: estore.test.ts).
    noJsonBody.push('/api/storeproducts', '/api/savestoreproduct', '/s/:code/request');
    const jsonRoutes = t.app.registeredRoutes.filter((r) => r.api && r.method === 'POST' && !noJsonBody.includes(r.url)).map((r) => r.url);
    expect(
      cases()
        .map((c) => c.url)
        .sort(),
    ).toEqual(jsonRoutes.sort());
  });

  it('answers 400 naming the field, for every string of every JSON body, and saves nothing', async () => {
    const before = await snapshot();
    let checked = 0;
    for (const c of cases()) {
      const base = c.body();
      for (const path of leaves(base)) {
        const original = path.reduce<Json>((n, k) => (n as Record<string, Json>)[k]!, base);
        for (const poison of ['\u0000', '\u0001', '\u007f', '\u009b']) {
          const value = `${String(original).slice(0, 2)}${poison}${String(original).slice(2)}`;
          const client = c.anonymous ? t.client() : admin;
          const res = await client.post(c.url, setAt(base, path, value));
          const where = `${c.url} ${path.join('.')} ${JSON.stringify(poison)}`;
          expect(res.statusCode, `${where}: ${res.body}`).toBe(400);
          const body = res.json();
          expect(body.error, where).toEqual(expect.any(String));
          expect(body.details?.[0]?.path, where).toBe(path.join('.'));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(await snapshot()).toEqual(before);
  });

  it('says what is wrong in words a person reads', async () => {
    const res = await t.client().post('/api/login', { username: 'a\u0000b', password: 'whatever-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Username may not contain control characters');
    const name = await admin.post('/api/editMember', { id: agentId, f_name: 'An\u0000a' });
    expect(name.json().error).toBe('First name may not contain control characters');
    const upload = await admin.postForm('/api/uploadmaterial', [
      { name: 'sectionId', value: `${sectionId}\u0000` },
      { name: 'file', filename: 'x.pdf', content: Buffer.from('%PDF-1.7\nx') },
    ]);
    expect(upload.statusCode).toBe(400);
    expect((await admin.get(`/api/downloadmaterial/${materialId}%00`)).statusCode).toBe(400);
    const library = await admin.get('/api/getsection/Lea%00rning');
    expect(library.statusCode).toBe(400);
    expect(library.json().error).toBe('Library must be one of Marketing, Learning');
  });
});

describe('ids beyond what the columns hold', () => {
  it(`answers 400 for every id of every body past ${MAX_ID}, and saves nothing`, async () => {
    const before = await snapshot();
    for (const c of cases()) {
      const base = c.body();
      for (const path of leaves(base).filter((p) => ['id', 'dealid', 'sectionId', 'ticketId', 'ticket_id'].includes(p.at(-1)!))) {
        for (const big of [MAX_ID + 1, '2147483648', 99_999_999_999]) {
          const res = await admin.post(c.url, setAt(base, path, big));
          const where = `${c.url} ${path.join('.')}=${big}`;
          expect(res.statusCode, `${where}: ${res.body}`).toBe(400);
          expect(res.json().error, where).toBe(`${path.at(-1) === 'dealid' ? 'Deal id' : path.at(-1)} must be at most ${MAX_ID}`);
        }
      }
    }
    for (const url of [
      `/api/downloadmaterial/${MAX_ID + 1}`,
      '/api/downloadmaterial/99999999999',
      `/api/getuserbanks/${MAX_ID + 1}`,
      `/api/downloadvalidid/${MAX_ID + 1}`,
      `/api/photo/${MAX_ID + 1}`,
    ]) {
      const res = await admin.get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(`id must be at most ${MAX_ID}`);
    }
    const del = await admin.delete(`/api/deletematerial/${MAX_ID + 1}`);
    expect(del.statusCode).toBe(400);
    const upload = await admin.postForm('/api/uploadmaterial', [
      { name: 'sectionId', value: '99999999999' },
      { name: 'file', filename: 'x.pdf', content: Buffer.from('%PDF-1.7\nx') },
    ]);
    expect(upload.statusCode).toBe(400);
    expect(upload.json().error).toBe(`sectionId must be at most ${MAX_ID}`);
    expect(await snapshot()).toEqual(before);
  });

  it('still answers 404 for the largest id that a column can hold but no record has', async () => {
    expect((await admin.get(`/api/downloadmaterial/${MAX_ID}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/photo/${MAX_ID}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/downloadvalidid/${MAX_ID}`)).statusCode).toBe(404);
    expect((await admin.post('/api/getuserdetails', { id: MAX_ID })).statusCode).toBe(404);
    expect((await admin.post('/api/getdeals', { id: MAX_ID })).statusCode).toBe(200);
  });
});
