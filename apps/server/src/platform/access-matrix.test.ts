import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@ahente/contract/dates';
import { pathOf, ROUTE_LIST, routes, type RouteName } from '@ahente/contract/routes';
import { startTestApp, type FormPart, type TestApp, type TestClient } from '../../test/harness.ts';

/**
 * Who may call what: one row per route of the table, and for each caller (anonymous, the member
 * the call names, another agent, an admin) the status the route must answer. A route registered
 * without a row here fails the first test.
 */
let t: TestApp;
type Member = Awaited<ReturnType<TestApp['createMember']>>;
let owner: Member;
let ownerPasswordHash: string;
let sectionId: number;
let seq = 0;

type Caller = 'anonymous' | 'owner' | 'other' | 'admin';
interface Call {
  body?: unknown;
  params?: Record<string, unknown>;
  form?: FormPart[];
}
interface Row {
  /** A fresh, valid request naming the owner (made again for each caller). */
  call: () => Promise<Call>;
  expect: Record<Caller, number>;
}

const pdf = () => Buffer.from(`%PDF-1.7\nmatrix ${seq++}`);
async function adminClient() {
  return t.loginAs(await t.createAdmin());
}
async function newMaterial(): Promise<number> {
  const res = await (
    await adminClient()
  ).postForm(routes.uploadMaterial.path, [
    { name: 'sectionId', value: String(sectionId) },
    { name: 'file', filename: `m${seq++}.pdf`, content: pdf() },
  ]);
  return res.json().material.id;
}
const dealBody = () => ({
  id: owner.id,
  customerName: 'Maria Clara',
  transactionType: 'New',
  product: 'Comprehensive',
  tcvValue: 1000,
  effectiveDate: '2026-03-15',
  salesType: 'Direct',
});
async function ownerDeal(): Promise<number> {
  const res = await (await t.loginAs(owner)).post(routes.addDeal.path, dealBody());
  return res.json().deal.id;
}
const ticketBody = () => ({ id: owner.id, title: `Ticket ${seq++}`, description: 'Please check my commission.', type: 'finance' });
async function ownerTicket(): Promise<number> {
  const res = await (await t.loginAs(owner)).post(routes.addTicket.path, ticketBody());
  return res.json().ticket.id;
}
const dealForm = (dealid: number) => ({
  dealid,
  customerName: 'Maria Clara',
  product: 'CTPL',
  tcv: '1500',
  sales_type: 'Direct',
  effectiveDate: '2026-04-01',
});

const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`matrix ${seq++}`)]);
/** The owner with a photo or a valid ID on file (sent by the owner, as the settings page does). */
async function ownerFile(field: 'photo' | 'valid_id'): Promise<Call> {
  const res = await (
    await t.loginAs(owner)
  ).postForm(routes.editMember.path, [
    { name: 'id', value: String(owner.id) },
    { name: field, filename: `${field}.png`, content: png() },
  ]);
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return { params: { id: owner.id } };
}
const certificationBody = () => ({ id: owner.id, lfa_code: `LFA-${seq++}`, coding_date_1: '2026-01-15' });
const bankBody = () => ({ id: owner.id, bank_name: 'BDO Unibank', account_number: '0012 3456 7890', account_name: 'Owner Name' });

/** A closed month of its own and a statement of the owner's in it, with tax withheld, made directly in the database. */
let statementSeq = 0;
async function ownerStatement(): Promise<number> {
  return (await ownerTaxedStatement()).id;
}
async function ownerTaxedStatement(): Promise<{ id: number; year: number }> {
  const year = 2000 + ++statementSeq;
  const period = `${year}-01`;
  const db = t.db.db;
  await db.insertInto('commission_periods').values({ period, closed_at: '2026-01-01T00:00:00.000Z', closed_by: null }).execute();
  const row = await db
    .insertInto('commission_statements')
    .values({
      member_id: owner.id,
      period,
      gross_centavos: 10_000,
      withholding_rate_hundredths: 500,
      withholding_centavos: 500,
      net_centavos: 9_500,
      brought_forward_centavos: 0,
      carried: 0,
      atc: 'WI070',
      entry_count: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      paid_on: null,
      paid_reference: null,
      paid_at: null,
      paid_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, year };
}
/** A month long past, a new one per call: closing it is always allowed once. */
let closeSeq = 0;
const pastMonth = () => `1990-${String((closeSeq++ % 12) + 1).padStart(2, '0')}`;
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** A sale of the owner's, not yet verified: each call a fresh one, so every caller may decide it. */
async function ownerSale(): Promise<number> {
  const res = await (await t.loginAs(owner)).post(routes.addSale.path, { id: owner.id, formData: dealForm(await ownerDeal()) });
  if (res.statusCode !== 200) throw new Error(`sale failed: ${res.body}`);
  return res.json().sale.id;
}
/** A policy of the owner's due in 10 days, a fresh one per call: each caller may start its renewal. */
async function ownerDuePolicy(): Promise<number> {
  const expiry = addDays(today(), 10);
  const res = await (
    await t.loginAs(owner)
  ).post(routes.addSale.path, {
    id: owner.id,
    formData: { ...dealForm(await ownerDeal()), effectiveDate: addDays(expiry, -364), expiry_date: expiry },
  });
  if (res.statusCode !== 200) throw new Error(`sale failed: ${res.body}`);
  return res.json().sale.id;
}
const licenceBody = () => ({
  id: owner.id,
  line: 'Non-Life',
  license_no: `NL-${seq++}`,
  issued_on: '2026-01-05',
  expires_on: '2029-12-31',
});
/** A pending licence of the owner's, with a scan. */
async function ownerLicence(): Promise<number> {
  const res = await (
    await t.loginAs(owner)
  ).postForm(routes.addLicense.path, [
    ...Object.entries(licenceBody()).map(([name, value]) => ({ name, value: String(value) })),
    { name: 'scan', filename: 'licence.pdf', content: pdf() },
  ]);
  if (res.statusCode !== 200) throw new Error(`licence failed: ${res.body}`);
  return res.json().license.id;
}
/**
 * A held entry: a fresh member without a licence sells (CTPL has a rate), then gets a verified
 * licence that covers the day, so that a release is allowed.
 */
async function heldEntry(): Promise<number> {
  const admin = await adminClient();
  await admin.post(routes.setCommissionRate.path, { kind: 'product', key: 'CTPL', rate: '5', effective_from: today() });
  const seller = await t.createMember();
  const c = await t.loginAs(seller);
  const deal = await c.post(routes.addDeal.path, { ...dealBody(), id: seller.id });
  const sale = await c.post(routes.addSale.path, { id: seller.id, formData: dealForm(deal.json().deal.id) });
  await t.licenseMember(seller.id, { lines: ['Non-Life'] });
  const entry = await t.db.db
    .selectFrom('commission_entries')
    .select('id')
    .where('sale_id', '=', sale.json().sale.id)
    .where('hold_reason', 'is not', null)
    .executeTakeFirstOrThrow();
  return entry.id;
}

/** A reset link of the owner's, unused, for 30 minutes: its token (only the SHA-256 is stored). */
async function ownerResetLink(): Promise<string> {
  const token = `matrixResetToken${seq++}`.padEnd(43, 'x');
  const now = Date.now();
  await t.db.db
    .insertInto('password_resets')
    .values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      member_id: owner.id,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 30 * 60_000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

const everyone = (status: number): Record<Caller, number> => ({ anonymous: status, owner: status, other: status, admin: status });
const members = { anonymous: 401, owner: 200, other: 200, admin: 200 };
const adminsOnly = { anonymous: 401, owner: 403, other: 403, admin: 200 };
const selfOrAdmin = { anonymous: 401, owner: 200, other: 403, admin: 200 };

const MATRIX: Record<RouteName, Row> = {
  csrfCookie: { call: async () => ({}), expect: everyone(204) },
  health: { call: async () => ({}), expect: everyone(200) },
  login: { call: async () => ({ body: { username: owner.username, password: owner.password } }), expect: everyone(200) },
  me: { call: async () => ({}), expect: members },
  setLanguage: { call: async () => ({ body: { language: 'en' } }), expect: { anonymous: 401, owner: 204, other: 204, admin: 204 } },
  logout: { call: async () => ({}), expect: everyone(204) },
  register: {
    call: async () => {
      const u = `reg_${Date.now().toString(36)}_${seq++}`;
      return {
        body: {
          username: u,
          password: 'secret-pass-1',
          email: `${u}@example.ph`,
          lname: 'Cruz',
          fname: 'Juan',
          contact: '09171234567',
          consent: true,
        },
      };
    },
    expect: everyone(200),
  },
  editMember: { call: async () => ({ body: { id: owner.id, f_name: `Ana${seq++}` } }), expect: selfOrAdmin },
  // The owner's own change needs their current password; afterEach puts the old one back.
  changePassword: {
    call: async () => ({ body: { id: owner.id, password: 'a-changed-pass-1', current_password: owner.password } }),
    expect: selfOrAdmin,
  },
  // Settings and details (issue 11). An agent's second adduserbanks is 409, but the owner is the
  // only caller here who saves first; the admin then replaces the details.
  getUserDetails: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  photo: { call: () => ownerFile('photo'), expect: selfOrAdmin },
  downloadValidId: { call: () => ownerFile('valid_id'), expect: selfOrAdmin },
  getUserBanks: { call: async () => ({ params: { id: owner.id } }), expect: selfOrAdmin },
  addUserBanks: { call: async () => ({ body: bankBody() }), expect: selfOrAdmin },
  getCertifications: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  addCertifications: { call: async () => ({ body: certificationBody() }), expect: selfOrAdmin },
  geoRegions: { call: async () => ({}), expect: members },
  geoCities: { call: async () => ({ params: { code: '1300000000' } }), expect: members },
  geoBarangays: { call: async () => ({ params: { code: '1381300000' } }), expect: members },
  adminMemberRecords: { call: async () => ({ body: { id: owner.id } }), expect: adminsOnly },
  membersRecord: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  getHierarchy: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  teamSize: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  adminMemberSearch: { call: async () => ({ body: { id: owner.id, q: 'first', page: 1, pageSize: 25 } }), expect: adminsOnly },
  adminMemberCounts: { call: async () => ({ body: { id: owner.id } }), expect: adminsOnly },
  approveMember: { call: async () => ({ body: { id: (await t.createMember({ status: 'Pending' })).id } }), expect: adminsOnly },
  deactivateMember: { call: async () => ({ body: { id: (await t.createMember()).id } }), expect: adminsOnly },
  memberHistory: { call: async () => ({ body: { id: owner.id } }), expect: adminsOnly },
  getSections: { call: async () => ({}), expect: members },
  getLibrarySections: { call: async () => ({ params: { library: 'Learning' } }), expect: members },
  createSection: { call: async () => ({ body: { name: `Section ${seq++}`, library: 'Learning' } }), expect: adminsOnly },
  getMaterials: { call: async () => ({ body: { sectionId } }), expect: members },
  downloadMaterial: { call: async () => ({ params: { id: await newMaterial() } }), expect: members },
  deleteMaterial: { call: async () => ({ params: { id: await newMaterial() } }), expect: adminsOnly },
  uploadMaterial: {
    call: async () => ({
      form: [
        { name: 'sectionId', value: String(sectionId) },
        { name: 'file', filename: `u${seq++}.pdf`, content: pdf() },
      ],
    }),
    expect: { ...adminsOnly, admin: 201 },
  },
  addDeal: { call: async () => ({ body: dealBody() }), expect: selfOrAdmin },
  getDeals: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  editDeal: { call: async () => ({ body: { id: owner.id, formData: dealForm(await ownerDeal()) } }), expect: selfOrAdmin },
  addSale: { call: async () => ({ body: { id: owner.id, formData: dealForm(await ownerDeal()) } }), expect: selfOrAdmin },
  getSales: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  activeProposals: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  // Tickets (decision 012).
  addTicket: { call: async () => ({ body: ticketBody() }), expect: { ...selfOrAdmin, owner: 201, admin: 201 } },
  getMyTickets: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  adminTicketList: { call: async () => ({}), expect: adminsOnly },
  editTicket: {
    call: async () => ({ body: { ticketId: await ownerTicket(), title: 'Edited', description: 'Edited text', type: 'sales' } }),
    expect: adminsOnly,
  },
  closeTicket: {
    call: async () => ({ body: { ticketId: await ownerTicket(), status: 'Resolved', message: 'Done' } }),
    expect: adminsOnly,
  },
  // A ticket's conversation (decision 020): its author and admins; another member is told it does not exist.
  ticketReplies: { call: async () => ({ body: { ticket_id: await ownerTicket() } }), expect: { ...selfOrAdmin, other: 404 } },
  replyTicket: {
    call: async () => ({ body: { ticket_id: await ownerTicket(), message: 'Any news?' } }),
    expect: { anonymous: 401, owner: 201, other: 404, admin: 201 },
  },
  // Commissions (decision 016): a member's own figures for them and admins; the rest admins only.
  commissionSummary: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  commissionLedger: { call: async () => ({ body: { id: owner.id, kind: 'sale' } }), expect: selfOrAdmin },
  commissionStatements: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  statementPdf: { call: async () => ({ params: { id: owner.id, statementId: await ownerStatement() } }), expect: selfOrAdmin },
  statementXlsx: { call: async () => ({ params: { id: owner.id, statementId: await ownerStatement() } }), expect: selfOrAdmin },
  commissionRates: { call: async () => ({}), expect: adminsOnly },
  setCommissionRate: {
    call: async () => ({ body: { kind: 'product', key: 'CTPL', rate: '7.5', effective_from: today() } }),
    expect: adminsOnly,
  },
  commissionAdjustments: { call: async () => ({}), expect: adminsOnly },
  addAdjustment: { call: async () => ({ body: { member_id: owner.id, amount: '-1.50', reason: 'Matrix' } }), expect: adminsOnly },
  commissionPeriods: { call: async () => ({}), expect: adminsOnly },
  closePeriod: { call: async () => ({ body: { period: pastMonth() } }), expect: adminsOnly },
  periodStatements: { call: async () => ({ body: { period: '2001-01' } }), expect: adminsOnly },
  markStatementPaid: {
    call: async () => ({ body: { statement_id: await ownerStatement(), paid_on: today(), reference: `REF-${seq++}` } }),
    expect: adminsOnly,
  },
  payoutExport: { call: async () => ({ params: { period: '2001-01' } }), expect: adminsOnly },
  // Verified sales, licences and held commissions (decision 018). getlicenses and licensescan
  // decide in the service: a leader reads licences without number or scan (licences.test.ts), and
  // another member's scan is not found.
  salesToVerify: { call: async () => ({ body: {} }), expect: adminsOnly },
  verifySales: { call: async () => ({ body: { sale_ids: [await ownerSale()], decision: 'verified' } }), expect: adminsOnly },
  addLicense: { call: async () => ({ body: licenceBody() }), expect: selfOrAdmin },
  getLicenses: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  verifyLicense: { call: async () => ({ body: { license_id: await ownerLicence(), decision: 'verified' } }), expect: adminsOnly },
  licenseScan: { call: async () => ({ params: { licenseId: await ownerLicence() } }), expect: { ...selfOrAdmin, other: 404 } },
  compliance: { call: async () => ({}), expect: adminsOnly },
  releaseCommission: { call: async () => ({ body: { entry_id: await heldEntry() } }), expect: adminsOnly },
  forfeitCommission: { call: async () => ({ body: { entry_id: await heldEntry(), reason: 'Matrix' } }), expect: adminsOnly },
  // Cancellations, withholding and the BIR's forms (decision 019).
  cancelSale: {
    call: async () => ({ body: { sale_id: await ownerSale(), cancelled_on: today(), reason: 'Matrix' } }),
    expect: adminsOnly,
  },
  withholding: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  setWithholding: {
    call: async () => ({ body: { member_id: owner.id, rate: 10, effective_from: today(), reason: 'Matrix' } }),
    expect: adminsOnly,
  },
  payoutSettings: { call: async () => ({}), expect: members },
  setPayoutSettings: { call: async () => ({ body: { minimum_payout: 500, atc_5: 'WI070', atc_10: 'WI071' } }), expect: adminsOnly },
  form2307s: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  form2307Pdf: {
    call: async () => ({ params: { id: owner.id, year: (await ownerTaxedStatement()).year, quarter: 1 } }),
    expect: selfOrAdmin,
  },
  alphalist: { call: async () => ({ params: { year: (await ownerTaxedStatement()).year, quarter: 1 } }), expect: adminsOnly },
  alphalistXlsx: { call: async () => ({ params: { year: (await ownerTaxedStatement()).year, quarter: 1 } }), expect: adminsOnly },
  alphalistDat: { call: async () => ({ params: { year: (await ownerTaxedStatement()).year, quarter: 1 } }), expect: adminsOnly },
  // Performance Reports (decision 017): the owner's own report; 'team' and 'agency' are the service's rules.
  reports: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  agencySummary: { call: async () => ({}), expect: adminsOnly },
  // The book of business (decision 025): a leader's view of a downline is the service's rule (portfolio.test.ts);
  // a renewal is for the policy's owner or an admin, another member is told the policy does not exist.
  portfolio: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  portfolioExport: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  startRenewal: { call: async () => ({ body: { sale_id: await ownerDuePolicy() } }), expect: { ...selfOrAdmin, other: 404 } },
  // Notifications (decision 026): a member's own bell and choices; readnotifications acts on the caller's own.
  notifications: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  readNotifications: { call: async () => ({ body: { all: true } }), expect: members },
  notificationPreferences: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  setNotificationPreferences: { call: async () => ({ body: { id: owner.id, email: { ticket_answered: false } } }), expect: selfOrAdmin },
  mailStatus: { call: async () => ({}), expect: adminsOnly },
  // Password reset by e-mail (decision 026), for anyone. E-mail is off in this app: forgotpassword
  // answers everyone 409 (the spec's 'Please Contact Administrator'), never 401 or 403. A link is
  // made directly in the database; the owner's password is set to what it was.
  loginOptions: { call: async () => ({}), expect: everyone(200) },
  forgotPassword: { call: async () => ({ body: { login: owner.username } }), expect: everyone(409) },
  resetPassword: { call: async () => ({ body: { token: await ownerResetLink(), password: owner.password } }), expect: everyone(204) },
  // The privacy notice (issue 24 §1): read by anyone (the sign-up form), published by admins, accepted by members.
  privacyNotice: { call: async () => ({}), expect: everyone(200) },
  publishPrivacyNotice: { call: async () => ({ body: { body: `# Privacy Notice\n\nVersion ${seq++}.` } }), expect: adminsOnly },
  acceptPrivacyNotice: { call: async () => ({ body: { version: (await t.services.notices.current()).version } }), expect: members },
  // My data and erasure (issue 24 §2): the member's own, or an admin's (logged); decisions and the queue for admins.
  // Each call starts from no open request of the owner's, so each caller's request is judged on its own.
  myData: { call: async () => ({ params: { id: owner.id } }), expect: selfOrAdmin },
  requestErasure: {
    call: async () => {
      await t.db.db.deleteFrom('privacy_requests').where('member_id', '=', owner.id).execute();
      return { body: { id: owner.id, password: owner.password } };
    },
    expect: selfOrAdmin,
  },
  myPrivacy: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  decideErasure: {
    call: async () => {
      await t.db.db.deleteFrom('privacy_requests').where('member_id', '=', owner.id).execute();
      await t.db.db
        .insertInto('privacy_requests')
        .values({
          member_id: owner.id,
          kind: 'erasure',
          status: 'open',
          requested_at: new Date().toISOString(),
          due_on: '2099-01-01',
          decided_at: null,
          decided_by: null,
          reason: null,
        })
        .execute();
      return { body: { member_id: owner.id, decision: 'refused', reason: 'The matrix keeps its owner.' } };
    },
    expect: adminsOnly,
  },
  privacyRequests: { call: async () => ({}), expect: adminsOnly },
  // The access log (issue 24 §3): a member's entries for the member and admins; the whole log and its export for admins.
  accessLog: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  adminAccessLog: { call: async () => ({ body: {} }), expect: adminsOnly },
  adminAccessLogExport: { call: async () => ({ body: {} }), expect: adminsOnly },
  // Two-factor sign-in (issue 24 §4) acts on the caller's own account: a code no one has is refused
  // past the access rule (400 for a caller who started enrolment above, 409 for one with none or not on).
  mfaStatus: { call: async () => ({}), expect: members },
  startMfa: { call: async () => ({}), expect: members },
  confirmMfa: {
    call: async () => {
      // The owner has started enrolment: a wrong code is 400; the others (fresh members) have not: 409.
      await t.services.security.startEnrolment({ memberId: owner.id, accountType: 'user', sessionId: '' });
      return { body: { code: '000000' } };
    },
    expect: { anonymous: 401, owner: 400, other: 409, admin: 409 },
  },
  disableMfa: { call: async () => ({ body: { password: 'wrong-pass', code: '000000' } }), expect: { ...everyone(409), anonymous: 401 } },
  regenerateMfaCodes: { call: async () => ({ body: { code: '000000' } }), expect: { ...everyone(409), anonymous: 401 } },
  resetMemberMfa: {
    call: async () => {
      await t.services.security.startEnrolment({ memberId: owner.id, accountType: 'user', sessionId: '' }).catch(() => undefined);
      return { body: { id: owner.id } };
    },
    expect: adminsOnly,
  },
  sessions: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  endSession: { call: async () => ({ body: { session_id: 'ffffffffffffffff' } }), expect: { ...everyone(404), anonymous: 401 } },
  endOtherSessions: { call: async () => ({}), expect: members },
  endMemberSessions: { call: async () => ({ body: { id: owner.id } }), expect: adminsOnly },
};

async function clientFor(caller: Caller): Promise<TestClient> {
  if (caller === 'anonymous') return t.client();
  if (caller === 'owner') return t.loginAs(owner);
  if (caller === 'other') return t.loginAs(await t.createMember());
  return adminClient();
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createMember();
  sectionId = (await (await adminClient()).post(routes.createSection.path, { name: 'Matrix' })).json().section.id;
  ownerPasswordHash = (await t.db.db.selectFrom('members').select('password_hash').where('id', '=', owner.id).executeTakeFirstOrThrow())
    .password_hash;
});
/** changepassword really changes the owner's password: put it back so later rows can log in as the owner. */
afterEach(async () => {
  await t.db.db.updateTable('members').set({ password_hash: ownerPasswordHash }).where('id', '=', owner.id).execute();
});
afterAll(() => t.close());

describe('who may call each route', () => {
  it('has a row for every route of the table, and the table is exactly what the server registered', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(routes).sort());
    const registered = t.app.registeredRoutes.filter((r) => r.api && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    expect(registered.sort()).toEqual(ROUTE_LIST.map((r) => `${r.method} ${r.path}`).sort());
  });

  for (const [name, row] of Object.entries(MATRIX) as [RouteName, Row][]) {
    const def = routes[name];
    it(`${def.method} ${def.path}: ${Object.entries(row.expect)
      .map(([c, s]) => `${c} ${s}`)
      .join(', ')}`, async () => {
      for (const caller of ['anonymous', 'owner', 'other', 'admin'] as const) {
        const call = await row.call();
        const client = await clientFor(caller);
        const url = pathOf(def, call.params);
        const res = call.form
          ? await client.postForm(url, call.form)
          : await client.request(def.method, url, def.method === 'POST' ? (call.body ?? {}) : undefined);
        expect(res.statusCode, `${caller}: ${res.body.slice(0, 200)}`).toBe(row.expect[caller]);
      }
    });
  }
});
