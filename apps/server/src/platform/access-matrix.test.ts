import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import readExcelFile from 'read-excel-file/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MAX_ID } from '@ahente/contract/common';
import { addDays } from '@ahente/contract/dates';
import { pathOf, ROUTE_LIST, routes, type RouteDef, type RouteName } from '@ahente/contract/routes';
import { SESSION_COOKIE } from './sessions.ts';
import { startTestApp, type FormPart, type TestApp, type TestClient } from '../../test/harness.ts';
import { statementFixtures } from '../../test/statement-files.ts';

/**
 * Who may call what (decision 008): one row per route of the table, and for each of seven callers
 * the status the route must answer to a fresh, valid request naming the owner or the owner's
 * record:
 *
 * - anonymous: no session;
 * - pending: a member who logged in and was then made Pending again (a Pending account cannot log
 *   in: the session it still holds must open nothing, so it answers exactly as anonymous does);
 * - owner: the member the call names, an agent;
 * - other: another agent, in another leader's team;
 * - leader: the owner's Manager (two levels up the sponsor tree), who reads the owner's figures,
 *   policies without the clients and licences without number or scan, and nothing personal;
 * - otherLeader: a Manager of another team, who reads nothing of the owner's;
 * - admin.
 *
 * Where a caller's answer is more than a status (a leader's view without the clients), the row
 * says what it shows. Generated from the contract: for every id field of a route's request (read
 * from its zod schemas: a member, deal, sale, ticket, statement, licence, material, entry,
 * session...), another agent and both leaders, where the row refuses them the owner's record, get
 * the same status and body for an id that does not exist; and a member naming themselves with the
 * owner's record gets what they would for an unknown record. A route
 * registered without a row fails the first test. Logins are shared across rows (a caller logs in
 * again only when a row ended its session).
 */
let t: TestApp;
type Member = Awaited<ReturnType<TestApp['createMember']>>;
let owner: Member;
let ownerPasswordHash: string;
let sectionId: number;
let seq = 0;

const CALLERS = ['anonymous', 'pending', 'owner', 'other', 'leader', 'otherLeader', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type Person = Exclude<Caller, 'anonymous'>;
/** Members other than the owner and admins: who a foreign record must look unknown to. */
const OUTSIDERS = ['other', 'leader', 'otherLeader'] as const;
let people: Record<Person, Member>;
/** The owner's sponsor, an agent between the leader and the owner. */
let middle: Member;
/** Sells the held entries (it never holds a licence for long). */
let seller: Member;
/** A member the admin approves and deactivates, put back before each call. */
let target: Member;

interface Call {
  body?: unknown;
  params?: Record<string, unknown>;
  form?: FormPart[];
}
type Response = LightMyRequestResponse;
interface Row {
  /** A fresh, valid request naming the owner (made again for each caller). */
  call: () => Promise<Call>;
  expect: Record<Caller, number>;
  /** What a caller's answer shows beyond its status (a leader's view of a downline), or what it left in the database. */
  sees?: Partial<Record<Caller, (res: Response, call: Call) => void | Promise<void>>>;
  /**
   * The route acts on the caller's own records whatever ids it is sent: another member's id and an
   * unknown one answer alike even where the answer is a success.
   */
  ownRecordsOnly?: true;
  /**
   * The request's other ids name a record every member may read (a published course, decision
   * 039), not the owner's: a member naming themselves with it is answered as its owner is.
   */
  sharedRecord?: true;
}

const clients = new Map<Person, TestClient>();
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/**
 * The caller's client, logged in once and shared by the rows: logged in again when a row ended
 * its session (logout, a password change, login as someone else). The pending member's session
 * is made while Approved, then the member is made Pending.
 */
async function clientFor(caller: Caller): Promise<TestClient> {
  if (caller === 'anonymous') return t.client();
  const person = people[caller];
  const cached = clients.get(caller);
  if (cached && caller === 'pending') {
    const token = cached.cookies.get(SESSION_COOKIE);
    const live =
      token &&
      (await t.db.db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sha256(token))
        .where('member_id', '=', person.id)
        .executeTakeFirst());
    if (live) return cached;
  } else if (cached) {
    const me = await cached.get(routes.me.path);
    if (me.statusCode === 200 && me.json().user === person.id) return cached;
  }
  if (caller === 'pending') await t.db.db.updateTable('members').set({ status: 'Approved' }).where('id', '=', person.id).execute();
  const client = await t.loginAs(person);
  if (caller === 'pending') await t.db.db.updateTable('members').set({ status: 'Pending' }).where('id', '=', person.id).execute();
  clients.set(caller, client);
  return client;
}
let sellerSession: TestClient | undefined;
async function sellerClient() {
  sellerSession ??= await t.loginAs(seller);
  return sellerSession;
}

/** The target member put back as the next call needs them. */
async function targetMember(state: { status?: 'Pending'; deactivated_at?: null }): Promise<number> {
  await t.db.db
    .updateTable('members')
    .set({ status: state.status ?? 'Approved', deactivated_at: null })
    .where('id', '=', target.id)
    .execute();
  return target.id;
}

const ownerOtherSession = async (): Promise<string> => t.otherSession(owner.id, await ownerClient());

/** An unread notification of the owner's, made in the database. */
async function ownerNotification(): Promise<number> {
  const row = await t.db.db
    .insertInto('notifications')
    .values({
      member_id: owner.id,
      event: 'ticket_answered',
      title: 'Your ticket was answered',
      body: 'Matrix',
      link: '/tickets',
      dedupe_key: null,
      created_at: new Date().toISOString(),
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether an exported workbook of policies (with rows) names the owner's client (every sale here is Maria Clara's). */
async function clientsInWorkbook(res: Response): Promise<boolean> {
  const [sheet] = await readExcelFile(res.rawPayload);
  const cells = sheet!.data.slice(1).flat();
  expect(sheet!.data.length, 'the workbook has policies').toBeGreaterThan(1);
  return cells.includes('Maria Clara');
}

/** The last entry of the access log that names `actor` as the reader. */
const lastRead = (actor: number) =>
  t.db.db.selectFrom('access_log').select(['subject_id', 'what']).where('actor_id', '=', actor).orderBy('id', 'desc').executeTakeFirst();

/** What a licence list shows: whether every licence has its number, and a scan link where one is on file. */
function licencesShown(res: Response) {
  const list = res.json() as { license_no: string | null; has_scan: boolean; scan_url: string | null }[];
  return {
    count: list.length > 0 ? list.length : 'none',
    numbers: list.every((l) => l.license_no !== null),
    scans: list.some((l) => l.scan_url !== null),
  };
}
/** What a page of policies shows: whether the clients are hidden, and whose names it carries. */
function policiesShown(res: Response) {
  const page = res.json() as { clients_hidden: boolean; rows: { customer_name: string | null; policy_number: string | null }[] };
  const named = page.rows.filter((r) => r.customer_name !== null || r.policy_number !== null).length;
  return {
    hidden: page.clients_hidden,
    policies: page.rows.length > 0,
    clients: named === page.rows.length ? 'all' : named === 0 ? 'none' : 'some',
  };
}

const pdf = () => Buffer.from(`%PDF-1.7\nmatrix ${seq++}`);
const adminClient = () => clientFor('admin');
const ownerClient = () => clientFor('owner');
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
  const res = await (await ownerClient()).post(routes.addDeal.path, dealBody());
  return res.json().deal.id;
}
const proposalBody = () => ({
  id: owner.id,
  client: { name: 'Matrix Client' },
  product: 'CTPL',
  options: [{ insurer: 'Matrix Insurance', basic_premium: 447 }],
});
/** A fresh draft proposal of the owner's (decision 038). */
async function ownerProposal(): Promise<number> {
  const res = await (await ownerClient()).post(routes.saveProposal.path, proposalBody());
  return res.json().proposal.id;
}
/** The token of a fresh sent proposal of the owner's: its client's link. */
async function ownerProposalLink(): Promise<string> {
  const res = await (await ownerClient()).post(routes.sendProposal.path, { proposal_id: await ownerProposal() });
  return res.json().share_url.split('/p/')[1];
}
/** University (decision 039): a fresh published course (one text module, a one-question quiz unless told). */
async function publishedCourse(options: { quiz?: boolean } = {}): Promise<{ id: number; module_id: number; question_id: number | null }> {
  const admin = await adminClient();
  const saved = await admin.post(routes.saveCourse.path, {
    title: `Matrix course ${seq++}`,
    description: '',
    modules: [{ title: 'Read me', kind: 'text', body: 'Text' }],
    quiz: options.quiz === false ? null : { questions: [{ text: 'Yes?', choices: ['Yes', 'No'], correct: [0] }] },
  });
  const id = saved.json().course.id as number;
  await admin.post(routes.publishCourse.path, { course_id: id });
  const version = await t.db.db.selectFrom('course_versions').select('id').where('course_id', '=', id).executeTakeFirstOrThrow();
  const module = await t.db.db.selectFrom('course_modules').select('id').where('version_id', '=', version.id).executeTakeFirstOrThrow();
  const question = await t.db.db.selectFrom('course_questions').select('id').where('version_id', '=', version.id).executeTakeFirst();
  return { id, module_id: module.id, question_id: question?.id ?? null };
}
/** A certificate of the owner's: a course without a quiz, its module done. */
async function ownerCertificate(): Promise<{ id: number; code: string }> {
  const c = await publishedCourse({ quiz: false });
  const res = await (await ownerClient()).post(routes.completeModule.path, { id: owner.id, course_id: c.id, module_id: c.module_id });
  return res.json().course.certificate;
}
const ticketBody = () => ({ id: owner.id, title: `Ticket ${seq++}`, description: 'Please check my commission.', type: 'finance' });
async function ownerTicket(): Promise<number> {
  const res = await (await ownerClient()).post(routes.addTicket.path, ticketBody());
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
    await ownerClient()
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
  const res = await (await ownerClient()).post(routes.addSale.path, { id: owner.id, formData: dealForm(await ownerDeal()) });
  if (res.statusCode !== 200) throw new Error(`sale failed: ${res.body}`);
  return res.json().sale.id;
}
/** A policy of the owner's due in 10 days, a fresh one per call: each caller may start its renewal. */
async function ownerDuePolicy(): Promise<number> {
  const expiry = addDays(today(), 10);
  const res = await (
    await ownerClient()
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
    await ownerClient()
  ).postForm(routes.addLicense.path, [
    ...Object.entries(licenceBody()).map(([name, value]) => ({ name, value: String(value) })),
    { name: 'scan', filename: 'licence.pdf', content: pdf() },
  ]);
  if (res.statusCode !== 200) throw new Error(`licence failed: ${res.body}`);
  return res.json().license.id;
}
/**
 * A held entry: a member without a licence sells (CTPL has a rate), then gets a verified licence
 * that covers the day, so that a release is allowed.
 */
async function heldEntry(): Promise<number> {
  const admin = await adminClient();
  await admin.post(routes.setCommissionRate.path, { kind: 'product', key: 'CTPL', rate: '5', effective_from: today() });
  // One seller for every call: their licences are removed first, so each new sale is held again.
  await t.db.db.deleteFrom('licenses').where('member_id', '=', seller.id).execute();
  const c = await sellerClient();
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

/**
 * A link of the owner's that reports an e-mail change, unused, for 7 days (decision 027): its
 * token.
 */
async function ownerEmailChangeLink(): Promise<string> {
  const token = `matrixEmailChange${seq++}`.padEnd(43, 'x');
  const now = Date.now();
  const { email } = await t.db.db.selectFrom('members').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow();
  await t.db.db
    .insertInto('email_changes')
    .values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      member_id: owner.id,
      old_email: email,
      new_email: email,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 7 * 86_400_000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** A fresh insurer (decision 037), made in the database. */
async function anInsurer(): Promise<number> {
  const n = seq++;
  const at = new Date().toISOString();
  const row = await t.db.db
    .insertInto('insurers')
    .values({ name: `Matrix Insurer ${n}`, name_key: `matrixinsurer${n}`, code: `MX${n}`, active: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A rule for the six callers but the pending member, who answers as anonymous everywhere. */
const rule = (r: Omit<Record<Caller, number>, 'pending'>): Record<Caller, number> => ({ ...r, pending: r.anonymous });
const everyone = (status: number) =>
  rule({ anonymous: status, owner: status, other: status, leader: status, otherLeader: status, admin: status });
/** Every logged-in caller the same status. */
const anyMember = (status: number) => ({ owner: status, other: status, leader: status, otherLeader: status, admin: status });
const members = rule({ anonymous: 401, ...anyMember(200) });
const adminsOnly = rule({ anonymous: 401, ...anyMember(403), admin: 200 });
const selfOrAdmin = rule({ anonymous: 401, ...anyMember(403), owner: 200, admin: 200 });
/** A record of the owner's that every other member, leaders included, is told does not exist. */
const notFoundToOthers = (r: Record<Caller, number>): Record<Caller, number> => ({
  ...r,
  other: 404,
  leader: 404,
  otherLeader: 404,
});

/** Insurers' statements (decision 037): a fresh import per call, made by an admin. */
const statements = statementFixtures(
  () => t,
  () => adminClient(),
);

// --- E-Store (decision 040) ---
const PNG_1PX = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
let storeAgent: { id: number; referral_code: string } | undefined;
let storeProductId: number | undefined;
/** A licensed agent with an open store showing their photo, and one store product with an image (made once). */
async function openStore(): Promise<{ code: string; productId: number }> {
  if (!storeAgent || !storeProductId) {
    const m = await t.createMember();
    await t.licenseMember(m.id, { lines: ['Non-Life'] });
    await t.services.storage.put(`photos/store-${m.id}`, PNG_1PX);
    await t.db.db
      .updateTable('members')
      .set({ photo: `photos/store-${m.id}`, photo_type: 'image/png' })
      .where('id', '=', m.id)
      .execute();
    await t.db.db
      .insertInto('store_settings')
      .values({ member_id: m.id, show_photo: 1, show_contact: 0, updated_at: new Date().toISOString() })
      .execute();
    const saved = await (
      await adminClient()
    ).postForm(routes.saveStoreProduct.path, [
      { name: 'product', value: 'CTPL' },
      { name: 'description', value: 'Matrix' },
      { name: 'image', filename: 'ctpl.png', content: PNG_1PX },
    ]);
    storeAgent = m;
    storeProductId = saved.json().product.id;
  }
  return { code: storeAgent.referral_code, productId: storeProductId! };
}
/** A valid form of the open store, its page's token included; the store limits cleared (each caller sends one). */
async function storeForm(): Promise<Call> {
  const { code, productId } = await openStore();
  await t.db.db.deleteFrom('login_throttle').where('key', 'like', 'estore%').execute();
  const page = await t.client().get(pathOf(routes.storePage, { code }));
  const token = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
  return { params: { code }, body: { token, product: productId, name: 'Maria', mobile: '09171234567', consent: 'yes' } };
}
/** A store request of the owner's, made in the database. */
async function ownerStoreRequest(): Promise<number> {
  const at = new Date().toISOString();
  const row = await t.db.db
    .insertInto('store_requests')
    .values({
      ...{ member_id: owner.id, product_id: null, product: 'CTPL', client_name: 'Maria', client_mobile: '09171234567' },
      ...{ client_email: null, message: null, answers: '[]', status: 'new', deal_id: null, notice_version: 1 },
      ...{ consented_at: at, created_at: at, updated_at: at },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
// --- end E-Store ---

const MATRIX: Record<RouteName, Row> = {
  csrfCookie: { call: async () => ({}), expect: everyone(204) },
  health: { call: async () => ({}), expect: everyone(200) },
  login: { call: async () => ({ body: { username: owner.username, password: owner.password } }), expect: everyone(200) },
  me: { call: async () => ({}), expect: members },
  setLanguage: { call: async () => ({ body: { language: 'en' } }), expect: { ...members, ...anyMember(204) } },
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
  editMember: { call: async () => ({ body: { id: owner.id, address_street: `Mabini St ${seq++}` } }), expect: selfOrAdmin },
  // The owner's own change needs their current password; afterEach puts the old one back.
  changePassword: {
    call: async () => ({ body: { id: owner.id, password: 'a-changed-pass-1', current_password: owner.password } }),
    expect: selfOrAdmin,
  },
  // Settings and details (decision 015). An agent's second adduserbanks is 409, but the owner is
  // the only caller here who saves first; the admin then replaces the details.
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
  // One member approved and deactivated again and again: each call puts them back first.
  approveMember: { call: async () => ({ body: { id: await targetMember({ status: 'Pending' }) } }), expect: adminsOnly },
  deactivateMember: { call: async () => ({ body: { id: await targetMember({ deactivated_at: null }) } }), expect: adminsOnly },
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
  dealsPage: { call: async () => ({ body: { id: owner.id, limit: 10 } }), expect: selfOrAdmin },
  editDeal: { call: async () => ({ body: { id: owner.id, formData: dealForm(await ownerDeal()) } }), expect: selfOrAdmin },
  addSale: { call: async () => ({ body: { id: owner.id, formData: dealForm(await ownerDeal()) } }), expect: selfOrAdmin },
  getSales: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  salesPage: { call: async () => ({ body: { id: owner.id, limit: 10 } }), expect: selfOrAdmin },
  activeProposals: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  // Proposals (decision 038): the owner's, and admins'; the owner's leader reads the counts and
  // totals without the clients, anyone else is told a proposal does not exist.
  saveProposal: { call: async () => ({ body: proposalBody() }), expect: selfOrAdmin },
  proposals: {
    call: async () => {
      await ownerProposal();
      return { body: { id: owner.id } };
    },
    expect: { ...selfOrAdmin, leader: 200 },
    sees: {
      owner: (res) =>
        expect(res.json()).toMatchObject({
          clients_hidden: false,
          rows: expect.arrayContaining([expect.objectContaining({ client_name: 'Matrix Client' })]),
        }),
      leader: (res) => {
        expect(res.json()).toMatchObject({ clients_hidden: true });
        expect(res.body).not.toContain('Matrix Client');
      },
    },
  },
  proposal: { call: async () => ({ body: { proposal_id: await ownerProposal() } }), expect: notFoundToOthers(selfOrAdmin) },
  proposalPdf: { call: async () => ({ params: { proposalId: await ownerProposal() } }), expect: notFoundToOthers(selfOrAdmin) },
  sendProposal: { call: async () => ({ body: { proposal_id: await ownerProposal() } }), expect: notFoundToOthers(selfOrAdmin) },
  withdrawProposal: { call: async () => ({ body: { proposal_id: await ownerProposal() } }), expect: notFoundToOthers(selfOrAdmin) },
  acceptProposal: {
    call: async () => ({ body: { proposal_id: await ownerProposal(), option: 1 } }),
    expect: notFoundToOthers(selfOrAdmin),
  },
  // The client's link: anyone holding it, signed in or not (the token is the credential).
  publicProposal: { call: async () => ({ params: { token: await ownerProposalLink() } }), expect: everyone(200) },
  publicProposalPdf: { call: async () => ({ params: { token: await ownerProposalLink() } }), expect: everyone(200) },
  acceptPublicProposal: {
    call: async () => ({ params: { token: await ownerProposalLink() }, body: { option: 1 } }),
    expect: everyone(200),
  },
  declinePublicProposal: { call: async () => ({ params: { token: await ownerProposalLink() }, body: {} }), expect: everyone(200) },
  proposalSettings: { call: async () => ({}), expect: members },
  saveProposalSettings: { call: async () => ({ body: { effective_from: today(), lgt: 0.2 } }), expect: adminsOnly },
  ctplPremiums: { call: async () => ({}), expect: members },
  saveCtplPremium: {
    call: async () => ({ body: { vehicle_type: 'private_car', years: 1, premium: 447, effective_from: today() } }),
    expect: adminsOnly,
  },
  // E-Store (decision 040): the agent's own screen calls; the catalogue administrators'; the store's pages public.
  storeRequests: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  setStoreRequest: {
    call: async () => ({ body: { request_id: await ownerStoreRequest(), status: 'contacted' } }),
    expect: notFoundToOthers(selfOrAdmin),
  },
  storeSettings: { call: async () => ({ body: { id: owner.id, show_photo: false, show_contact: true } }), expect: selfOrAdmin },
  storeProducts: { call: async () => ({}), expect: adminsOnly },
  saveStoreProduct: {
    call: async () => {
      const { productId } = await openStore();
      return {
        form: [
          { name: 'product_id', value: String(productId) },
          { name: 'product', value: 'CTPL' },
          { name: 'description', value: 'Matrix' },
        ],
      };
    },
    expect: adminsOnly,
  },
  storePage: { call: async () => ({ params: { code: (await openStore()).code } }), expect: everyone(200) },
  storeRequestForm: { call: storeForm, expect: everyone(200) },
  storeImage: { call: async () => ({ params: { id: (await openStore()).productId } }), expect: everyone(200) },
  storePhoto: { call: async () => ({ params: { code: (await openStore()).code } }), expect: everyone(200) },
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
  // A ticket's conversation (decision 020): its author and admins; another member, their leader
  // included, is told it does not exist.
  ticketReplies: { call: async () => ({ body: { ticket_id: await ownerTicket() } }), expect: notFoundToOthers(selfOrAdmin) },
  replyTicket: {
    call: async () => ({ body: { ticket_id: await ownerTicket(), message: 'Any news?' } }),
    expect: notFoundToOthers(rule({ anonymous: 401, ...anyMember(201) })),
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
  // Insurers (decision 037): members read the active names for the sale form; the rest is the admins'.
  insurers: { call: async () => ({}), expect: members },
  adminInsurers: { call: async () => ({}), expect: adminsOnly },
  // An insurer changed (a new one is the same call without its id).
  saveInsurer: {
    call: async () => ({
      body: { id: await anInsurer(), name: `Matrix Edited ${seq}`, code: `ME${seq++}`, aliases: [`Matrix Alias ${seq++}`], active: true },
    }),
    expect: adminsOnly,
  },
  linkInsurerName: {
    call: async () => ({ body: { text: `Matrix Spelling ${seq++}`, insurer_id: await anInsurer() } }),
    expect: adminsOnly,
  },
  setInsurerRate: {
    call: async () => ({ body: { insurer_id: await anInsurer(), product: 'CTPL', rate: '12.5', effective_from: today() } }),
    expect: adminsOnly,
  },
  insurerRates: { call: async () => ({ body: { insurer_id: await anInsurer() } }), expect: adminsOnly },
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
  // decide in the service: the owner's Manager reads the owner's licences without number or scan,
  // another leader nothing; a scan is the owner's and admins' (anyone else: not found).
  salesToVerify: { call: async () => ({ body: {} }), expect: adminsOnly },
  verifySales: { call: async () => ({ body: { sale_ids: [await ownerSale()], decision: 'verified' } }), expect: adminsOnly },
  addLicense: { call: async () => ({ body: licenceBody() }), expect: selfOrAdmin },
  getLicenses: {
    call: async () => {
      await ownerLicence();
      return { body: { id: owner.id } };
    },
    expect: { ...selfOrAdmin, leader: 200 },
    sees: {
      owner: (res) => expect(licencesShown(res)).toEqual({ count: expect.any(Number), numbers: true, scans: true }),
      // Read by someone other than their holder: written to the access log (decision 027), a leader's read too.
      leader: async (res) => {
        expect(licencesShown(res)).toEqual({ count: expect.any(Number), numbers: false, scans: false });
        expect(await lastRead(people.leader.id)).toMatchObject({ subject_id: owner.id, what: 'licences' });
      },
      admin: (res) => expect(licencesShown(res)).toEqual({ count: expect.any(Number), numbers: true, scans: true }),
    },
  },
  // The dashboard's reminder: the owner's and the admins' only; an admin's read is logged.
  licenceAlerts: {
    call: async () => ({ body: { id: owner.id } }),
    expect: selfOrAdmin,
    sees: { admin: async () => expect(await lastRead(people.admin.id)).toMatchObject({ subject_id: owner.id, what: 'licences' }) },
  },
  setupChecklist: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  verifyLicense: { call: async () => ({ body: { license_id: await ownerLicence(), decision: 'verified' } }), expect: adminsOnly },
  licenseScan: { call: async () => ({ params: { licenseId: await ownerLicence() } }), expect: notFoundToOthers(selfOrAdmin) },
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
  agencyTaxDetails: { call: async () => ({}), expect: adminsOnly },
  setAgencyTaxDetails: {
    call: async () => ({ body: { tin: '123-456-789-000', address: '1 Ayala Avenue, Makati City', rdo: '050' } }),
    expect: adminsOnly,
  },
  adminQueues: { call: async () => ({}), expect: adminsOnly },
  form2307s: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  form2307Pdf: {
    call: async () => ({ params: { id: owner.id, year: (await ownerTaxedStatement()).year, quarter: 1 } }),
    expect: selfOrAdmin,
  },
  alphalist: { call: async () => ({ params: { year: (await ownerTaxedStatement()).year, quarter: 1 } }), expect: adminsOnly },
  alphalistXlsx: { call: async () => ({ params: { year: (await ownerTaxedStatement()).year, quarter: 1 } }), expect: adminsOnly },
  alphalistDat: { call: async () => ({ params: { year: (await ownerTaxedStatement()).year, quarter: 1 } }), expect: adminsOnly },
  // Performance Reports (decision 017): the owner's own report, for the owner and admins; a leader
  // reads a downline's figures in their own 'team' report (below), never by naming the member.
  reports: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  agencySummary: { call: async () => ({}), expect: adminsOnly },
  // The book of business (decision 025): the owner's leader reads the owner's policies without the
  // clients (decision 017), another leader nothing; a renewal is for the policy's owner or an admin,
  // anyone else is told the policy does not exist.
  portfolio: {
    call: async () => {
      await ownerSale();
      return { body: { id: owner.id } };
    },
    expect: { ...selfOrAdmin, leader: 200 },
    sees: {
      owner: (res) => expect(policiesShown(res)).toEqual({ hidden: false, policies: true, clients: 'all' }),
      leader: (res) => expect(policiesShown(res)).toEqual({ hidden: true, policies: true, clients: 'none' }),
      admin: (res) => expect(policiesShown(res)).toEqual({ hidden: false, policies: true, clients: 'all' }),
    },
  },
  portfolioExport: {
    call: async () => {
      await ownerSale();
      return { body: { id: owner.id } };
    },
    expect: { ...selfOrAdmin, leader: 200 },
    sees: {
      owner: async (res) => expect(await clientsInWorkbook(res)).toBe(true),
      leader: async (res) => expect(await clientsInWorkbook(res)).toBe(false),
      admin: async (res) => expect(await clientsInWorkbook(res)).toBe(true),
    },
  },
  startRenewal: { call: async () => ({ body: { sale_id: await ownerDuePolicy() } }), expect: notFoundToOthers(selfOrAdmin) },
  // Notifications (decision 026): a member's own bell and choices; readnotifications acts on the caller's own.
  notifications: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  // Marks the caller's own notifications read: a notification of the owner's named by anyone else stays unread.
  readNotifications: {
    call: async () => ({ body: { ids: [await ownerNotification()] } }),
    expect: members,
    ownRecordsOnly: true,
    sees: Object.fromEntries(
      (['owner', 'other', 'leader', 'otherLeader', 'admin'] as const).map((caller) => [
        caller,
        async (_res: Response, call: Call) => {
          const [id] = (call.body as { ids: number[] }).ids;
          const row = await t.db.db.selectFrom('notifications').select('read_at').where('id', '=', id!).executeTakeFirstOrThrow();
          expect(row.read_at === null, `${caller}: the owner's notification unread`).toBe(caller !== 'owner');
        },
      ]),
    ),
  },
  notificationPreferences: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  setNotificationPreferences: { call: async () => ({ body: { id: owner.id, email: { ticket_answered: false } } }), expect: selfOrAdmin },
  mailStatus: { call: async () => ({}), expect: adminsOnly },
  // Password reset by e-mail (decision 026), for anyone. E-mail is off in this app: forgotpassword
  // answers everyone 409 (the spec's 'Please Contact Administrator'), never 401 or 403. A link is
  // made directly in the database; the owner's password is set to what it was.
  loginOptions: { call: async () => ({}), expect: everyone(200) },
  referralSponsor: { call: async () => ({ body: { code: owner.referral_code } }), expect: everyone(200) },
  forgotPassword: { call: async () => ({ body: { login: owner.username } }), expect: everyone(409) },
  resetPassword: { call: async () => ({ body: { token: await ownerResetLink(), password: owner.password } }), expect: everyone(204) },
  reportEmailChange: { call: async () => ({ body: { token: await ownerEmailChangeLink() } }), expect: everyone(200) },
  // The privacy notice (decision 027): read by anyone (the sign-up form), published by admins,
  // accepted by members.
  privacyNotice: { call: async () => ({}), expect: everyone(200) },
  publishPrivacyNotice: { call: async () => ({ body: { body: `# Privacy Notice\n\nVersion ${seq++}.` } }), expect: adminsOnly },
  acceptPrivacyNotice: { call: async () => ({ body: { version: (await t.services.notices.current()).version } }), expect: members },
  // My data and erasure (decision 027): the member's own, or an admin's (logged); decisions and the
  // queue for admins. Each call starts from no open request of the owner's, so each caller's
  // request is judged on its own.
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
  // The access log (decision 027): a member's entries for the member and admins; the whole log and
  // its export for admins.
  accessLog: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  adminAccessLog: { call: async () => ({ body: {} }), expect: adminsOnly },
  adminAccessLogExport: { call: async () => ({ body: {} }), expect: adminsOnly },
  // Insurers' statements (decision 037): administrators only.
  previewStatement: { call: async () => ({ form: await statements.previewParts() }), expect: adminsOnly },
  importStatement: { call: async () => ({ form: await statements.importParts() }), expect: adminsOnly },
  statementImports: { call: async () => ({ body: { insurer_id: await statements.insurerId() } }), expect: adminsOnly },
  undoImport: {
    call: async () => ({ body: { import_id: (await statements.newImport()).importId, reason: 'Matrix' } }),
    expect: adminsOnly,
  },
  statementLines: { call: async () => ({ body: { import_id: (await statements.newImport()).importId } }), expect: adminsOnly },
  matchStatementLine: {
    call: async () => ({ body: { line_id: (await statements.newImport()).lineId, sale_id: await statements.linkSale(await ownerSale()) } }),
    expect: adminsOnly,
  },
  ignoreStatementLine: {
    call: async () => ({ body: { line_id: (await statements.newImport()).lineId, reason: 'Matrix' } }),
    expect: adminsOnly,
  },
  verifyFromStatement: { call: async () => ({ body: { import_id: (await statements.newImport()).importId } }), expect: adminsOnly },
  // Missing commissions and the agency's revenue (decision 037).
  missingCommissions: { call: async () => ({ body: { insurer_id: await statements.insurerId() } }), expect: adminsOnly },
  missingCommissionsXlsx: { call: async () => ({ body: { insurer_id: await statements.insurerId() } }), expect: adminsOnly },
  agencyRevenue: { call: async () => ({ body: {} }), expect: adminsOnly },
  agencyRevenueXlsx: { call: async () => ({ body: {} }), expect: adminsOnly },
  // Two-factor sign-in (decision 027) acts on the caller's own account: a code no one has is
  // refused past the access rule (400 for a caller who started enrolment above, 409 for one with
  // none or not on).
  mfaStatus: { call: async () => ({}), expect: members },
  startMfa: { call: async () => ({}), expect: members },
  confirmMfa: {
    call: async () => {
      // The owner has started enrolment: a wrong code is 400; the others have none: 409.
      await t.db.db.deleteFrom('member_mfa').where('member_id', '!=', owner.id).execute();
      await t.services.security.startEnrolment({ memberId: owner.id, accountType: 'user', sessionId: '' });
      return { body: { code: '000000' } };
    },
    expect: { ...everyone(409), anonymous: 401, pending: 401, owner: 400 },
  },
  disableMfa: { call: async () => ({ body: { password: 'wrong-pass', code: '000000' } }), expect: { ...members, ...anyMember(409) } },
  regenerateMfaCodes: { call: async () => ({ body: { code: '000000' } }), expect: { ...members, ...anyMember(409) } },
  resetMemberMfa: {
    call: async () => {
      await t.services.security.startEnrolment({ memberId: owner.id, accountType: 'user', sessionId: '' }).catch(() => undefined);
      return { body: { id: owner.id } };
    },
    expect: adminsOnly,
  },
  sessions: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  // A session of the owner's other than the one calling: the owner ends it; anyone else (an admin
  // too: endsession acts on the caller's own sessions) is told it does not exist.
  endSession: {
    call: async () => ({ body: { session_id: await ownerOtherSession() } }),
    expect: notFoundToOthers(rule({ anonymous: 401, ...anyMember(404), owner: 204 })),
  },
  endOtherSessions: { call: async () => ({}), expect: members },
  endMemberSessions: { call: async () => ({ body: { id: owner.id } }), expect: adminsOnly },
  // University (decision 039): administrators write courses; a member takes them (a course is
  // everyone's to read: `sharedRecord`); the report is a leader's (their downline) or an admin's.
  saveCourse: {
    call: async () => ({
      body: {
        course_id: (await publishedCourse()).id,
        title: 'Matrix',
        modules: [{ title: 'M', kind: 'video', url: 'https://example.com/v' }],
      },
    }),
    expect: adminsOnly,
  },
  publishCourse: {
    call: async () => {
      const res = await (
        await adminClient()
      ).post(routes.saveCourse.path, { title: 'Matrix draft', modules: [{ title: 'M', kind: 'text', body: 'x' }] });
      return { body: { course_id: res.json().course.id } };
    },
    expect: adminsOnly,
  },
  editCourse: { call: async () => ({ body: { course_id: (await publishedCourse()).id } }), expect: adminsOnly },
  courseReport: {
    call: async () => ({ body: { course_id: (await publishedCourse()).id } }),
    expect: rule({ anonymous: 401, ...anyMember(403), leader: 200, otherLeader: 200, admin: 200 }),
    sees: {
      leader: (res) => expect(res.json().rows.map((r: { member_id: number }) => r.member_id)).toContain(owner.id),
      otherLeader: (res) => expect(res.json().rows.map((r: { member_id: number }) => r.member_id)).not.toContain(owner.id),
    },
  },
  courseCompliance: { call: async () => ({}), expect: adminsOnly },
  courses: { call: async () => ({ body: { id: owner.id } }), expect: selfOrAdmin },
  course: {
    call: async () => ({ body: { id: owner.id, course_id: (await publishedCourse()).id } }),
    expect: selfOrAdmin,
    sharedRecord: true,
  },
  completeModule: {
    call: async () => {
      const c = await publishedCourse();
      return { body: { id: owner.id, course_id: c.id, module_id: c.module_id } };
    },
    expect: selfOrAdmin,
    sharedRecord: true,
  },
  submitQuiz: {
    call: async () => {
      const c = await publishedCourse();
      return { body: { id: owner.id, course_id: c.id, answers: [{ question_id: c.question_id, choices: [0] }] } };
    },
    expect: selfOrAdmin,
    sharedRecord: true,
  },
  certificatePdf: {
    call: async () => ({ params: { certificateId: (await ownerCertificate()).id } }),
    expect: notFoundToOthers(selfOrAdmin),
  },
  // Anyone holding a code, signed in or not (the code is the credential).
  publicCertificate: { call: async () => ({ params: { code: (await ownerCertificate()).code } }), expect: everyone(200) },
};

async function send(client: TestClient, def: RouteDef, call: Call): Promise<Response> {
  const url = pathOf(def, call.params);
  return call.form
    ? client.postForm(url, call.form)
    : client.request(def.method, url, def.method === 'POST' ? (call.body ?? {}) : undefined);
}

beforeAll(async () => {
  t = await startTestApp();
  // The owner's team: leader (Manager) → middle → owner. Another team: otherLeader (Manager) → other.
  const leader = await t.createMember({ position: 'Manager' });
  middle = await t.createMember({ referror: leader.id });
  owner = await t.createMember({ referror: middle.id });
  const otherLeader = await t.createMember({ position: 'Manager' });
  const other = await t.createMember({ referror: otherLeader.id });
  const pending = await t.createMember();
  const admin = await t.createAdmin();
  people = { pending, owner, other, leader, otherLeader, admin };
  seller = await t.createMember();
  target = await t.createMember();
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

  it('sets the teams up as the rows assume: the leader is the owner’s Manager, the other leader is not', async () => {
    const hierarchy = await (await ownerClient()).post(routes.getHierarchy.path, { id: owner.id });
    expect(hierarchy.json()).toMatchObject({ referror: middle.id, manager: people.leader.id });
    const otherHierarchy = await (await clientFor('other')).post(routes.getHierarchy.path, { id: people.other.id });
    expect(otherHierarchy.json()).toMatchObject({ referror: people.otherLeader.id, manager: people.otherLeader.id });
  });

  for (const [name, row] of Object.entries(MATRIX) as [RouteName, Row][]) {
    const def = routes[name];
    it(`${def.method} ${def.path}: ${CALLERS.map((c) => `${c} ${row.expect[c]}`).join(', ')}`, async () => {
      let anonymous: Response | undefined;
      for (const caller of CALLERS) {
        const call = await row.call();
        const res = await send(await clientFor(caller), def, call);
        expect(res.statusCode, `${caller}: ${res.body.slice(0, 200)}`).toBe(row.expect[caller]);
        if (caller === 'anonymous') anonymous = res;
        // A session that opens nothing: the same refusal, word for word, as no session at all.
        if (caller === 'pending' && def.access !== 'public') expect(res.json()).toEqual(anonymous!.json());
        await row.sees?.[caller]?.(res, call);
      }
    });
  }
});

describe('a Pending member', () => {
  it('cannot log in: 403 with the status and no session', async () => {
    const pending = await t.createMember({ status: 'Pending' });
    const c = t.client();
    const res = await c.post(routes.login.path, { username: pending.username, password: pending.password });
    expect(res.statusCode).toBe(403);
    // The spec's text, and no sponsor to name: this one signed up without a code (decision 001).
    expect(res.json()).toEqual({ status: 'Pending', error: 'Your account is not approved. Please contact support.', sponsor: null });
    expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await c.get(routes.me.path)).statusCode).toBe(401);
  });

  it('made Pending by an admin, loses the sessions it had: approved again, the old session still opens nothing', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    expect((await c.post(routes.getDeals.path, { id: m.id })).statusCode).toBe(200);
    const admin = await adminClient();
    expect((await admin.post(routes.editMember.path, { id: m.id, status: 'Pending' })).statusCode).toBe(200);
    expect((await c.post(routes.getDeals.path, { id: m.id })).statusCode).toBe(401);
    expect((await admin.post(routes.approveMember.path, { id: m.id })).statusCode).toBe(200);
    const res = await c.post(routes.getDeals.path, { id: m.id });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please log in first' });
    expect(await t.db.db.selectFrom('sessions').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
  });
});

describe('what a leader reads of the owner through their own team', () => {
  it('the team report and the team size count the owner for their leader, not for another leader', async () => {
    for (const [caller, team] of [
      ['leader', 2],
      ['otherLeader', 1],
    ] as const) {
      const c = await clientFor(caller);
      const size = await c.post(routes.teamSize.path, { id: people[caller].id });
      expect(size.json()).toMatchObject({ downline: team });
      const report = await c.post(routes.reports.path, { id: people[caller].id, scope: 'team' });
      expect(report.statusCode).toBe(200);
      expect(report.json()).toMatchObject({ scope: 'team', members: team });
    }
  });

  it('the team’s policies are the owner’s, without the clients, for their leader only', async () => {
    await ownerSale();
    const total = async (caller: Person, id: number, scope: 'own' | 'team') => {
      const res = await (await clientFor(caller)).post(routes.portfolio.path, { id, scope });
      expect(res.statusCode, `${caller}: ${res.body.slice(0, 200)}`).toBe(200);
      return res;
    };
    const owners = (await total('owner', owner.id, 'own')).json().total as number;
    expect(owners).toBeGreaterThan(0);
    // Nobody else in the leader's team sells here: the team's policies are the owner's.
    const team = await total('leader', people.leader.id, 'team');
    expect(team.json().total).toBe(owners);
    expect(policiesShown(team)).toEqual({ hidden: true, policies: true, clients: 'none' });
    expect((await total('otherLeader', people.otherLeader.id, 'team')).json().total).toBe(0);
  });
});

/** An id no record has (ids are 32-bit: MAX_ID is never reached here), and a session handle no session has. */
const UNKNOWN_ID = MAX_ID - 26;
const UNKNOWN_HANDLE = 'f'.repeat(16);
const RECORD_KEY = /^(id|ids|dealid|sale_ids)$|_id$|Id$/;
type IdAt = { where: 'params' | 'body' | 'formData' | 'form'; key: string };

/** The field names of a request schema (and of its nested objects, as `formData.dealid`), read from zod. */
function keysOf(schema: z.ZodType | undefined, nested = true): string[] {
  if (!schema) return [];
  const def = (schema as unknown as { _zod: { def: { type: string } & Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => [
        k,
        ...(nested ? keysOf(v, false).map((x) => `${k}.${x}`) : []),
      ]);
    case 'pipe':
      return keysOf(def.in as z.ZodType, nested);
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
      return keysOf(def.innerType as z.ZodType, nested);
    case 'union':
      return [...new Set((def.options as z.ZodType[]).flatMap((o) => keysOf(o, nested)))];
    default:
      return [];
  }
}

/**
 * Where a route's request names a record, from the contract: every path parameter, body field (a
 * form's `formData` fields included) and multipart field whose name says id (`id`, `ids`,
 * `dealid`, `*_id`, `*Id`, `sale_ids`). A call sends JSON or a form, so each is looked up where the
 * row's call has it.
 */
function recordIds(def: RouteDef, call: Call): IdAt[] {
  const out: IdAt[] = keysOf(def.params)
    .filter((k) => RECORD_KEY.test(k))
    .map((key) => ({ where: 'params', key }));
  const bodyKeys = call.form ? keysOf(def.multipart?.fields) : keysOf(def.body);
  for (const k of bodyKeys) {
    const [head, tail] = k.split('.') as [string, string | undefined];
    if (tail === undefined && RECORD_KEY.test(head)) out.push({ where: call.form ? 'form' : 'body', key: head });
    if (head === 'formData' && tail !== undefined && RECORD_KEY.test(tail)) out.push({ where: 'formData', key: tail });
  }
  return out;
}
const valueAt = (call: Call, at: IdAt): unknown => {
  const body = call.body as Record<string, unknown> | undefined;
  if (at.where === 'params') return call.params?.[at.key];
  if (at.where === 'body') return body?.[at.key];
  if (at.where === 'formData') return (body?.formData as Record<string, unknown> | undefined)?.[at.key];
  const part = call.form?.find((p) => p.name === at.key);
  return part && !('filename' in part) ? part.value : undefined;
};

/** The call with one of its ids replaced. */
function withId(call: Call, at: IdAt, value: (old: unknown) => unknown): Call {
  const body = call.body as Record<string, unknown> | undefined;
  switch (at.where) {
    case 'params':
      return { ...call, params: { ...call.params, [at.key]: value(call.params![at.key]) } };
    case 'body':
      return { ...call, body: { ...body, [at.key]: value(body![at.key]) } };
    case 'formData': {
      const formData = body!.formData as Record<string, unknown>;
      return { ...call, body: { ...body, formData: { ...formData, [at.key]: value(formData[at.key]) } } };
    }
    case 'form':
      return { ...call, form: call.form!.map((p) => ('filename' in p || p.name !== at.key ? p : { ...p, value: String(value(p.value)) })) };
  }
}
const unknownLike = (old: unknown): unknown =>
  Array.isArray(old)
    ? old.map(() => UNKNOWN_ID)
    : typeof old === 'string' && /^[0-9a-f]{16}$/.test(old) && !/^\d+$/.test(old)
      ? UNKNOWN_HANDLE
      : UNKNOWN_ID;

const answer = (res: Response) => ({ status: res.statusCode, body: res.body });

describe('a foreign id and an unknown id answer alike', () => {
  const defOf = (name: RouteName): RouteDef => routes[name];
  const named = (Object.entries(MATRIX) as [RouteName, Row][]).filter(([name]) =>
    [keysOf(defOf(name).params), keysOf(defOf(name).body), keysOf(defOf(name).multipart?.fields)]
      .flat()
      .some((k) => RECORD_KEY.test(k.split('.').pop()!)),
  );
  it('covers every route whose request names a record', () => {
    expect(named.length).toBeGreaterThan(50);
  });
  for (const [name, row] of named) {
    const def: RouteDef = routes[name];
    it(`${def.method} ${def.path}`, async () => {
      const call = await row.call();
      const ids = recordIds(def, call).filter((at) => valueAt(call, at) !== undefined);
      expect(ids.length, 'the row names at least one record').toBeGreaterThan(0);
      const memberKey =
        def.member && ids.find((i) => i.where === (def.member!.in === 'params' ? 'params' : 'body') && i.key === def.member!.key);
      for (const caller of OUTSIDERS) {
        const client = await clientFor(caller);
        for (const at of ids) {
          // The owner's record as the row names it, to a caller the row refuses.
          if (row.expect[caller] >= 400 || row.ownRecordsOnly) {
            const foreign = answer(await send(client, def, call));
            const unknown = answer(await send(client, def, withId(call, at, unknownLike)));
            expect(unknown, `${caller}, ${at.key} unknown`).toEqual(foreign);
          }
          // The caller names themselves and the owner's record: what they get for a record that does not exist.
          if (memberKey && at !== memberKey && !row.sharedRecord) {
            const own = withId(call, memberKey, () => people[caller].id);
            const foreign = answer(await send(client, def, own));
            const unknown = answer(await send(client, def, withId(own, at, unknownLike)));
            expect(foreign.status, `${caller} naming themselves, the owner's ${at.key}: ${foreign.body}`).toBeGreaterThanOrEqual(400);
            expect(unknown, `${caller} naming themselves, ${at.key} unknown`).toEqual(foreign);
          }
        }
      }
    });
  }
});
