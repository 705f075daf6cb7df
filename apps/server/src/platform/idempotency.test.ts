import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { IDEMPOTENCY_ERRORS } from '@ahente/contract/idempotency';
import { ROUTE_LIST, routes, type RouteDef, type RouteName } from '@ahente/contract/routes';
import { newDeal, startTestApp, type FormPart, type TestApp, type TestClient } from '../../test/harness.ts';
import type { Database } from '../db/schema.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';

/**
 * The Idempotency-Key header (decision 029), on SQLite and PostgreSQL: what a client sees (status,
 * body, the Idempotent-Replayed header) and what the database holds.
 */

let t: TestApp;
type Member = Awaited<ReturnType<TestApp['createMember']>>;
let agent: Member;
let agentClient: TestClient;
let other: Member;
let otherClient: TestClient;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  adminClient = await t.loginAs(await t.createAdmin());
  agent = await t.createMember();
  other = await t.createMember();
  agentClient = await t.loginAs(agent);
  otherClient = await t.loginAs(other);
});
afterAll(() => t.close());

const key = () => randomUUID();
const withKey = (k: string) => ({ headers: { 'idempotency-key': k } });

/** The Add Sales form for a deal. */
const saleBody = (
  id: number,
  deal: {
    id: number;
    customer_name: string;
    tx_type: string;
    product: string;
    tcv: number;
    sales_type: string;
    deal_status: string;
    sales_group: string;
  },
) => ({
  id,
  formData: {
    customerName: deal.customer_name,
    transactionType: deal.tx_type,
    product: deal.product,
    tcv: String(deal.tcv),
    sales_type: deal.sales_type,
    referror: '',
    agent: '',
    deal_status: deal.deal_status,
    sales_group: deal.sales_group,
    policy: 'POL-IDEM-1',
    insurer: 'Pag-IBIG Mutual',
    planName: 'Gold Plan',
    effectiveDate: '2026-03-01',
    dealid: deal.id,
  },
});

async function count(table: keyof Database) {
  const row = await t.db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function dealsOf(memberId: number, customer: string) {
  return t.db.db.selectFrom('deals').select('id').where('member_id', '=', memberId).where('customer_name', '=', customer).execute();
}

function expectReplayOf(again: LightMyRequestResponse, first: LightMyRequestResponse) {
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.json()).toEqual(first.json());
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(first.headers['idempotent-replayed']).toBeUndefined();
}

describe('the route table marks the creating routes', () => {
  /**
   * Every route that is not a GET either honours the header (`idempotent` in the table) or is
   * listed here with why not. A new creating route without the mark fails this test.
   */
  const NOT_IDEMPOTENT: Partial<Record<RouteName, string>> = {
    login: 'a session, not a record; a second login is a second session',
    logout: 'ends the session: doing it twice is the same',
    setLanguage: 'sets a value: doing it twice is the same',
    editMember: 'sets fields: doing it twice is the same',
    getUserDetails: 'a read',
    proposals: 'a read',
    // E-Store (decision 040).
    storeRequests: 'a read',
    storeProducts: 'a read',
    setStoreRequest: 'sets a state: doing it twice is the same',
    storeSettings: 'sets two values: doing it twice is the same',
    storeRequestForm:
      "a browser's plain form post, which cannot send the header; a repeat is a second request the agent sees, bounded by the page's token and the limits per address and per store",
    // University (decision 039).
    publishCourse: 'publishes the latest version: a repeat is refused (nothing new to publish) and changes nothing',
    editCourse: 'a read',
    courseReport: 'a read',
    courses: 'a read',
    course: 'a read',
    completeModule: 'marks a module done: doing it twice is the same',
    submitQuiz: 'every submission is an attempt by design (decision 039): a repeat is a second attempt, never a second certificate',
    acceptPublicProposal: 'a repeat finds the proposal accepted and answers the same deal (the conditional update, decision 038)',
    declinePublicProposal: 'a repeat answers the declined proposal again and changes nothing',
    proposal: 'a read',
    withdrawProposal: 'a state change: a second withdrawal of the withdrawn proposal is refused and changes nothing',
    saveProposalSettings: 'appends the same rates from the same day: the rate in force is the same',
    saveCtplPremium: 'appends the same premium from the same day: the premium in force is the same',
    changePassword: 'sets a value (the second attempt fails on the old password)',
    adminMemberRecords: 'a read',
    membersRecord: 'a read',
    getHierarchy: 'a read',
    teamSize: 'a read',
    adminMemberSearch: 'a read',
    adminMemberCounts: 'a read',
    approveMember: 'a decision on an existing record: a repeat changes nothing',
    deactivateMember: 'a decision on an existing record: a repeat changes nothing',
    memberHistory: 'a read',
    getMyTickets: 'a read',
    editTicket: 'sets fields: doing it twice is the same',
    closeTicket: 'a decision on an existing record: a repeat is 409',
    ticketReplies: 'a read',
    getMaterials: 'a read',
    deleteMaterial: 'deletes: a repeat is 404',
    getDeals: 'a read',
    dealsPage: 'a read',
    getSales: 'a read',
    salesPage: 'a read',
    activeProposals: 'a read',
    commissionSummary: 'a read',
    commissionLedger: 'a read',
    commissionStatements: 'a read',
    periodStatements: 'a read',
    markStatementPaid: 'a decision on an existing statement: a repeat is 409',
    salesToVerify: 'a read',
    verifySales: 'a decision on existing sales: a repeat is 409 naming them',
    getLicenses: 'a read',
    licenceAlerts: 'a read',
    verifyLicense: 'a decision on an existing licence: a repeat is 409',
    releaseCommission: 'a decision on an existing entry: a repeat is 409',
    forfeitCommission: 'a decision on an existing entry: a repeat is 409',
    reports: 'a read',
    withholding: 'a read',
    setPayoutSettings: 'sets the one settings row: doing it twice is the same',
    form2307s: 'a read',
    portfolio: 'a read',
    portfolioExport: 'a read (a file)',
    notifications: 'a read',
    readNotifications: 'marks read: doing it twice is the same',
    notificationPreferences: 'a read',
    setNotificationPreferences: 'sets values: doing it twice is the same',
    forgotPassword: 'the same answer either way; each request is a new one-time link by design',
    resetPassword: 'the token works once: a repeat is refused',
    reportEmailChange: 'the link works once: a repeat is refused',
    decideErasure: 'a decision on an existing request: a repeat is 409',
    privacyRequests: 'a read',
    acceptPrivacyNotice: 'records consent once: a repeat changes nothing',
    accessLog: 'a read',
    adminAccessLog: 'a read',
    adminAccessLogExport: 'a read (a file)',
    previewStatement: 'a read: nothing is saved',
    importStatement: 'the same file again is 409 naming the first import (its SHA-256 is unique while it stands)',
    statementImports: 'a read',
    undoImport: 'a repeat is 409: the import is undone already',
    statementLines: 'a read',
    matchStatementLine: 'sets the line to the sale: doing it twice is the same line, one more decision recorded',
    ignoreStatementLine: 'a repeat is 409: the line is ignored already',
    verifyFromStatement: 'verifies what is unverified: a repeat verifies nothing more',
    missingCommissions: 'a read',
    missingCommissionsXlsx: 'a read (a file)',
    agencyRevenue: 'a read',
    agencyRevenueXlsx: 'a read (a file)',
    myPrivacy: 'a read',
    mfaStatus: 'a read',
    startMfa: 'replaces the pending secret: the last one is the one to confirm',
    confirmMfa: 'the code works once: a repeat is 409',
    disableMfa: 'a repeat is 409',
    regenerateMfaCodes: 'replaces the codes: the last answer is the one that works',
    resetMemberMfa: 'a decision: a repeat changes nothing',
    sessions: 'a read',
    endSession: 'ends a session: a repeat is 404',
    endOtherSessions: 'ends sessions: a repeat ends none',
    endMemberSessions: 'ends sessions: a repeat ends none',
    getCertifications: 'a read',
    referralSponsor: 'a read (the name behind a referral code)',
    setupChecklist: 'a read',
    adminQueues: 'a read',
    linkInsurerName: "adds a spelling once: a repeat finds it already the insurer's and changes nothing",
    insurerRates: 'a read',
    setAgencyTaxDetails: 'a new version of the same values: the latest applies, so a repeat changes nothing that is read',
  };

  it('every route but a GET is marked idempotent or listed as deliberately not', () => {
    const unmarked = Object.entries(routes)
      .filter(([, def]) => (def as RouteDef).method !== 'GET' && !(def as RouteDef).idempotent)
      .map(([name]) => name)
      .filter((name) => !(name in NOT_IDEMPOTENT));
    expect(unmarked).toEqual([]);
  });

  it('no route is both marked and listed, and only POST routes are marked', () => {
    const marked = Object.entries(routes).filter(([, def]) => (def as RouteDef).idempotent);
    expect(marked.filter(([name]) => name in NOT_IDEMPOTENT).map(([name]) => name)).toEqual([]);
    expect(marked.filter(([, def]) => def.method !== 'POST').map(([name]) => name)).toEqual([]);
    // The routes decision 029 names, at least.
    for (const name of ['addDeal', 'addSale', 'uploadMaterial', 'register', 'addTicket', 'addAdjustment'] as const) {
      expect(routes[name].idempotent, name).toBe(true);
    }
  });

  it('every marked route reads the header: a malformed key is 400 before anything is read', async () => {
    const marked = ROUTE_LIST.filter((def) => def.idempotent);
    expect(marked.length).toBeGreaterThanOrEqual(15);
    const dealsBefore = await count('deals');
    for (const def of marked) {
      const client = def.access === 'admin' ? adminClient : def.access === 'member' ? agentClient : t.client();
      const res = await client.post(def.path, { id: agent.id }, withKey('has space'));
      expect([res.statusCode, res.json()], `${def.method} ${def.path}`).toEqual([400, { error: IDEMPOTENCY_ERRORS.badKey }]);
    }
    expect(await count('deals')).toBe(dealsBefore);
  });

  it('a route that is not marked ignores the header', async () => {
    const res = await agentClient.post(routes.getDeals.path, { id: agent.id }, withKey('has space'));
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/adddeals with an Idempotency-Key', () => {
  it('the same key and body answer the first answer again and record one deal', async () => {
    const k = key();
    const body = newDeal(agent.id, { customerName: 'Replay Once' });
    const first = await agentClient.post(routes.addDeal.path, body, withKey(k));
    expect(first.statusCode, first.body).toBe(200);
    const again = await agentClient.post(routes.addDeal.path, body, withKey(k));
    expectReplayOf(again, first);
    expect(await dealsOf(agent.id, 'Replay Once')).toEqual([{ id: first.json().deal.id }]);
  });

  it('without the header, each request records a deal (as before)', async () => {
    const body = newDeal(agent.id, { customerName: 'No Key' });
    expect((await agentClient.post(routes.addDeal.path, body)).statusCode).toBe(200);
    expect((await agentClient.post(routes.addDeal.path, body)).statusCode).toBe(200);
    expect(await dealsOf(agent.id, 'No Key')).toHaveLength(2);
  });

  it('the same key with another body is 422 and records nothing more', async () => {
    const k = key();
    const first = await agentClient.post(routes.addDeal.path, newDeal(agent.id, { customerName: 'First Body' }), withKey(k));
    expect(first.statusCode).toBe(200);
    const before = await count('deals');
    const res = await agentClient.post(routes.addDeal.path, newDeal(agent.id, { customerName: 'Second Body' }), withKey(k));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: IDEMPOTENCY_ERRORS.otherRequest });
    expect(await count('deals')).toBe(before);
    expect(await dealsOf(agent.id, 'Second Body')).toEqual([]);
  });

  it('five requests with one key at the same moment record one deal, and all answers agree', async () => {
    const k = key();
    const body = newDeal(agent.id, { customerName: 'At Once' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => agentClient.post(routes.addDeal.path, body, withKey(k))));
    const deals = await dealsOf(agent.id, 'At Once');
    expect(deals).toHaveLength(1);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(answers[0]!.json());
    }
    expect(answers[0]!.json().deal.id).toBe(deals[0]!.id);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
  });

  it("another member's key is not theirs: the same key records the other member's own deal", async () => {
    const k = key();
    const mine = await agentClient.post(routes.addDeal.path, newDeal(agent.id, { customerName: 'Shared Key' }), withKey(k));
    const theirs = await otherClient.post(routes.addDeal.path, newDeal(other.id, { customerName: 'Shared Key' }), withKey(k));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().deal.id).not.toBe(mine.json().deal.id);
    expect(await dealsOf(other.id, 'Shared Key')).toHaveLength(1);
    expect(await dealsOf(agent.id, 'Shared Key')).toHaveLength(1);
  });

  it('the same key on another route is another key', async () => {
    const k = key();
    const deal = await agentClient.post(routes.addDeal.path, newDeal(agent.id, { customerName: 'Two Routes' }), withKey(k));
    const ticket = await agentClient.post(
      routes.addTicket.path,
      { id: agent.id, title: 'Two routes', description: 'One key, two routes', type: 'concerns' },
      withKey(k),
    );
    expect(deal.statusCode).toBe(200);
    expect(ticket.statusCode, ticket.body).toBe(201);
    expect(ticket.headers['idempotent-replayed']).toBeUndefined();
  });

  it.each([
    ['a space', 'two words'],
    ['256 characters', 'k'.repeat(256)],
    ['a control character', 'key\u0007'],
    ['a non-ASCII character', 'susì'],
  ])('a key with %s is 400 and records nothing', async (_what, bad) => {
    const before = await count('deals');
    const res = await agentClient.post(routes.addDeal.path, newDeal(agent.id, { customerName: 'Bad Key' }), {
      headers: { 'idempotency-key': bad },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: IDEMPOTENCY_ERRORS.badKey });
    expect(await count('deals')).toBe(before);
  });

  it('an empty key is 400; a key of 255 visible characters is accepted', async () => {
    const empty = await agentClient.post(routes.addDeal.path, newDeal(agent.id), { headers: { 'idempotency-key': '' } });
    expect(empty.statusCode).toBe(400);
    const long = await agentClient.post(routes.addDeal.path, newDeal(agent.id, { customerName: 'Long Key' }), withKey('~'.repeat(255)));
    expect(long.statusCode).toBe(200);
  });

  it("a handler's refusal (4xx) is remembered too: the same key answers it again", async () => {
    const k = key();
    const body = saleBody(agent.id, {
      id: 999_999,
      customer_name: 'Nobody',
      tx_type: 'New',
      product: 'CTPL',
      tcv: 1000,
      sales_type: 'Direct',
      deal_status: 'For Quotation',
      sales_group: 'CarSalesGroup',
    });
    const first = await agentClient.post(routes.addSale.path, body, withKey(k));
    expect(first.statusCode, first.body).toBe(404);
    const again = await agentClient.post(routes.addSale.path, body, withKey(k));
    expectReplayOf(again, first);
  });

  it('a refusal by the schema (400) happens before the key is claimed: nothing is remembered', async () => {
    const k = key();
    const bad = await agentClient.post(routes.addDeal.path, newDeal(agent.id, { tcvValue: 'lots' }), withKey(k));
    expect(bad.statusCode).toBe(400);
    const good = await agentClient.post(routes.addDeal.path, newDeal(agent.id, { customerName: 'Fixed Then Sent' }), withKey(k));
    expect(good.statusCode).toBe(200);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('a key still at work, and one whose request was abandoned', () => {
  const row = (k: string, over: Record<string, unknown> = {}) => ({
    scope: `member:${agent.id}`,
    route: `${routes.addDeal.method} ${routes.addDeal.path}`,
    idem_key: k,
    fingerprint: 'f'.repeat(64),
    status_code: null,
    content_type: null,
    body: null,
    created_at: new Date().toISOString(),
    completed_at: null,
    ...over,
  });

  it('a second request waits for the first one to finish and answers its answer', async () => {
    // The first request: its claim, made the way the plugin makes it, with this body's fingerprint.
    const k = key();
    const body = newDeal(agent.id, { customerName: 'Waited For' });
    const first = await agentClient.post(routes.addDeal.path, body, withKey(k));
    const stored = await t.db.db.selectFrom('idempotency_keys').selectAll().where('idem_key', '=', k).executeTakeFirstOrThrow();
    // Made unfinished again, as while the first request is at work; then finished 300 ms later.
    await t.db.db
      .updateTable('idempotency_keys')
      .set({ status_code: null, body: null, completed_at: null })
      .where('idem_key', '=', k)
      .execute();
    setTimeout(() => {
      void t.db.db
        .updateTable('idempotency_keys')
        .set({ status_code: stored.status_code, body: stored.body, completed_at: new Date().toISOString() })
        .where('idem_key', '=', k)
        .execute();
    }, 300);
    const started = Date.now();
    const again = await agentClient.post(routes.addDeal.path, body, withKey(k));
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expectReplayOf(again, first);
    expect(await dealsOf(agent.id, 'Waited For')).toHaveLength(1);
  });

  it('an unfinished key older than 15 minutes (a crash) is taken over: the request works', async () => {
    const k = key();
    const body = newDeal(agent.id, { customerName: 'After A Crash' });
    // The fingerprint the plugin computes for this body: taken from a claim under another key.
    const probe = key();
    await agentClient.post(routes.addDeal.path, body, withKey(probe));
    const { fingerprint } = await t.db.db
      .selectFrom('idempotency_keys')
      .select('fingerprint')
      .where('idem_key', '=', probe)
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('idempotency_keys')
      .values(row(k, { fingerprint, created_at: new Date(Date.now() - 16 * 60_000).toISOString() }))
      .execute();
    const res = await agentClient.post(routes.addDeal.path, body, withKey(k));
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await dealsOf(agent.id, 'After A Crash')).toHaveLength(2);
    const again = await agentClient.post(routes.addDeal.path, body, withKey(k));
    expectReplayOf(again, res);
  });
});

describe('the other creating routes', () => {
  it('registeraccounts (anonymous): the same key and body from another browser answer the first sign-up again', async () => {
    const k = key();
    const body = {
      username: `idem_${randomBytes(3).toString('hex')}`,
      password: 'secret-pass-1',
      email: `idem${randomBytes(3).toString('hex')}@example.ph`,
      lname: 'Dela Cruz',
      fname: 'Juan',
      mname: '',
      contact: '09171234567',
      refCode: '',
      consent: true,
    };
    const before = await count('members');
    const first = await t.client().post(routes.register.path, body, withKey(k));
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.client().post(routes.register.path, body, withKey(k));
    expectReplayOf(again, first);
    expect(await count('members')).toBe(before + 1);
  });

  it('addticket, commissionadjustment, addcertifications and createsection: replayed, one record each', async () => {
    const cases: [string, TestClient, RouteDef, Record<string, unknown>, Parameters<typeof count>[0]][] = [
      [
        'addTicket',
        agentClient,
        routes.addTicket,
        { id: agent.id, title: 'Replay me', description: 'Once only', type: 'concerns' },
        'tickets',
      ],
      [
        'addAdjustment',
        adminClient,
        routes.addAdjustment,
        { member_id: agent.id, amount: '150.25', reason: 'Replay bonus' },
        'commission_entries',
      ],
      [
        'addCertifications',
        agentClient,
        routes.addCertifications,
        {
          id: agent.id,
          lfa_code: 'IDEM',
          cirm_code: 'CIRM-77',
          coding_date_1: '2026-01-15',
          coding_date_2: '',
          individual_hmo: '2026-03-01',
          sme_hmo: null,
          corporate_gyrt: '',
          prepaid_hmo: '',
          corporate_cgli: '',
          corporate_hmo: '',
          createdat: '1999-01-01T00:00:00.000Z',
        },
        'certifications',
      ],
      ['createSection', adminClient, routes.createSection, { name: `Replayed ${randomBytes(2).toString('hex')}` }, 'sections'],
    ];
    for (const [name, client, def, body, table] of cases) {
      const k = key();
      const before = await count(table);
      const first = await client.post(def.path, body, withKey(k));
      expect(first.statusCode, `${name}: ${first.body}`).toBeLessThan(300);
      const again = await client.post(def.path, body, withKey(k));
      expectReplayOf(again, first);
      expect(await count(table), name).toBe(before + 1);
    }
  });

  it('replyticket, adduserbanks, setcommissionrate and publishprivacynotice: replayed, one record each', async () => {
    const ticket = (
      await agentClient.post(routes.addTicket.path, { id: agent.id, title: 'To reply to', description: 'Reply once', type: 'concerns' })
    ).json().ticket;
    const banker = await t.createMember();
    const cases: [string, TestClient, RouteDef, Record<string, unknown>, keyof Database][] = [
      ['replyTicket', agentClient, routes.replyTicket, { ticket_id: ticket.id, message: 'Any news?' }, 'ticket_replies'],
      [
        'addUserBanks',
        await t.loginAs(banker),
        routes.addUserBanks,
        { id: banker.id, bank_name: 'BDO Unibank', account_number: '0012 3456-7890', account_name: 'Ana M. Reyes' },
        'bank_details',
      ],
      [
        'setCommissionRate',
        adminClient,
        routes.setCommissionRate,
        { kind: 'product', key: 'CTPL', rate: 12.5, effective_from: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10) },
        'commission_rates',
      ],
      [
        'publishPrivacyNotice',
        adminClient,
        routes.publishPrivacyNotice,
        { body: '# Privacy notice\n\nVersion with a key.' },
        'privacy_notices',
      ],
    ];
    for (const [name, client, def, body, table] of cases) {
      const k = key();
      const before = await count(table);
      const first = await client.post(def.path, body, withKey(k));
      expect(first.statusCode, `${name}: ${first.body}`).toBeLessThan(300);
      const again = await client.post(def.path, body, withKey(k));
      expectReplayOf(again, first);
      expect(await count(table), name).toBe(before + 1);
    }
  });

  it('editdeals: an old edit sent again with its key does not undo a newer edit', async () => {
    const deal = (await agentClient.post(routes.addDeal.path, newDeal(agent.id, { customerName: 'Edited Twice' }))).json().deal;
    const edit = (customerName: string) => ({
      id: agent.id,
      formData: {
        customerName,
        transactionType: 'New',
        product: 'Comprehensive',
        tcv: '25000.50',
        sales_type: 'Direct',
        referror: '',
        agent: '',
        deal_status: 'Under Negotiation',
        sales_group: 'MedicalSalesGroup',
        policy: '',
        insurer: '',
        planName: '',
        effectiveDate: '2026-03-15',
        dealid: deal.id,
      },
    });
    const k = key();
    const first = await agentClient.post(routes.editDeal.path, edit('First Edit'), withKey(k));
    expect(first.statusCode, first.body).toBe(200);
    expect((await agentClient.post(routes.editDeal.path, edit('Newer Edit'), withKey(key()))).statusCode).toBe(200);
    const resent = await agentClient.post(routes.editDeal.path, edit('First Edit'), withKey(k));
    expectReplayOf(resent, first);
    const row = await t.db.db.selectFrom('deals').select('customer_name').where('id', '=', deal.id).executeTakeFirstOrThrow();
    expect(row.customer_name).toBe('Newer Edit');
  });

  it('addlicense as a form with a scan: replayed, one licence and one scan', async () => {
    const member = await t.createMember();
    const client = await t.loginAs(member);
    const scan = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5_000)]);
    const parts = (): FormPart[] => [
      ...Object.entries({
        id: member.id,
        line: 'Non-Life',
        license_no: 'NL-IDEM-1',
        insurer: 'Pioneer Insurance',
        issued_on: '2026-01-05',
        expires_on: '2029-12-31',
      }).map(([name, value]) => ({ name, value: String(value) })),
      { name: 'scan', filename: 'licence.pdf', content: scan, contentType: 'application/pdf' },
    ];
    const scans = () => {
      const dir = path.join(t.config.storageDir, 'licence-scans');
      return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    };
    const k = key();
    const scansBefore = scans();
    const first = await client.postForm(routes.addLicense.path, parts(), withKey(k));
    expect(first.statusCode, first.body).toBe(200);
    const again = await client.postForm(routes.addLicense.path, parts(), withKey(k));
    expectReplayOf(again, first);
    expect(await t.db.db.selectFrom('licenses').select('id').where('member_id', '=', member.id).execute()).toHaveLength(1);
    expect(scans()).toBe(scansBefore + 1);
  });

  it('addsales: a retried sale answers the first answer, one sale', async () => {
    const deal = (await agentClient.post(routes.addDeal.path, newDeal(agent.id, { customerName: 'To Be Sold' }))).json().deal;
    const body = saleBody(agent.id, deal);
    const k = key();
    const before = await count('sales');
    const first = await agentClient.post(routes.addSale.path, body, withKey(k));
    expect(first.statusCode, first.body).toBe(200);
    const again = await agentClient.post(routes.addSale.path, body, withKey(k));
    expectReplayOf(again, first);
    expect(await count('sales')).toBe(before + 1);
  });
});

describe('a failure on the server side (5xx)', () => {
  it('frees the key: the retry with the same key works and records one ticket', async () => {
    // Every insert into tickets fails for a while, as when the database is in trouble.
    const pg = t.db.dialect === 'postgres';
    if (pg) {
      await sql`create function refuse_tickets() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
        t.db.db,
      );
      await sql`create trigger refuse_tickets before insert on tickets for each row execute function refuse_tickets()`.execute(t.db.db);
    } else {
      await sql`create trigger refuse_tickets before insert on tickets begin select raise(abort, 'refused'); end`.execute(t.db.db);
    }
    const k = key();
    const body = { id: agent.id, title: 'After a failure', description: 'Sent twice, saved once', type: 'concerns' };
    const before = await count('tickets');
    const failed = await agentClient.post(routes.addTicket.path, body, withKey(k));
    expect(failed.statusCode).toBe(500);
    expect(await t.db.db.selectFrom('idempotency_keys').select('idem_key').where('idem_key', '=', k).execute()).toEqual([]);
    await sql`drop trigger refuse_tickets${sql.raw(pg ? ' on tickets' : '')}`.execute(t.db.db);
    if (pg) await sql`drop function refuse_tickets()`.execute(t.db.db);
    const retried = await agentClient.post(routes.addTicket.path, body, withKey(k));
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('tickets')).toBe(before + 1);
  });
});

describe('a compressed answer', () => {
  it('is remembered as the JSON it was before compression, and replayed compressed the same way', async () => {
    const k = key();
    const body = { id: agent.id, title: 'A long one', description: 'Please check my March statement. '.repeat(60), type: 'concerns' };
    const options = { headers: { 'idempotency-key': k, 'accept-encoding': 'gzip' } };
    const first = await agentClient.post(routes.addTicket.path, body, options);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['content-encoding']).toBe('gzip');
    const stored = await t.db.db.selectFrom('idempotency_keys').select('body').where('idem_key', '=', k).executeTakeFirstOrThrow();
    const firstJson: unknown = JSON.parse(zlib.gunzipSync(first.rawPayload).toString('utf8'));
    expect(JSON.parse(stored.body!)).toEqual(firstJson);
    const again = await agentClient.post(routes.addTicket.path, body, options);
    expect(again.statusCode).toBe(201);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(JSON.parse(zlib.gunzipSync(again.rawPayload).toString('utf8'))).toEqual(firstJson);
  });
});

describe('POST /api/uploadmaterial (multipart) with an Idempotency-Key', () => {
  let sectionId: number;
  beforeAll(async () => {
    sectionId = (await adminClient.post(routes.createSection.path, { name: 'Idempotent uploads' })).json().section.id;
  });

  function storedFiles(): string[] {
    const root = t.config.storageDir;
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((d) => d.isFile())
      .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
  }

  const form = (content: Buffer, title = 'Guide.pdf'): FormPart[] => [
    { name: 'title', value: title },
    { name: 'type', value: 'application/pdf' },
    { name: 'size', value: String(content.length) },
    { name: 'sectionId', value: String(sectionId) },
    { name: 'file', filename: title, content, contentType: 'application/pdf' },
  ];
  const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(20_000)]);

  it('the same form again (another boundary) answers the first answer: one material, one file', async () => {
    const k = key();
    const content = pdf();
    const rowsBefore = await count('materials');
    const filesBefore = storedFiles().length;
    const first = await adminClient.postForm(routes.uploadMaterial.path, form(content), withKey(k));
    expect(first.statusCode, first.body).toBe(201);
    const again = await adminClient.postForm(routes.uploadMaterial.path, form(content), withKey(k));
    expectReplayOf(again, first);
    expect(await count('materials')).toBe(rowsBefore + 1);
    expect(storedFiles()).toHaveLength(filesBefore + 1);
  });

  it('the same key with other file bytes is 422: no material, no file kept', async () => {
    const k = key();
    const first = await adminClient.postForm(routes.uploadMaterial.path, form(pdf()), withKey(k));
    expect(first.statusCode).toBe(201);
    const rowsBefore = await count('materials');
    const filesBefore = storedFiles().sort();
    const res = await adminClient.postForm(routes.uploadMaterial.path, form(pdf()), withKey(k));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: IDEMPOTENCY_ERRORS.otherRequest });
    expect(await count('materials')).toBe(rowsBefore);
    expect(storedFiles().sort()).toEqual(filesBefore);
  });

  it('three uploads with one key at the same moment make one material and one file', async () => {
    const k = key();
    const content = pdf();
    const rowsBefore = await count('materials');
    const filesBefore = storedFiles().length;
    const answers = await Promise.all([0, 1, 2].map(() => adminClient.postForm(routes.uploadMaterial.path, form(content), withKey(k))));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual(answers[0]!.json());
    }
    expect(await count('materials')).toBe(rowsBefore + 1);
    expect(storedFiles()).toHaveLength(filesBefore + 1);
  });
});

describe('erasure', () => {
  it("an approved erasure deletes the answers kept for the member's keys (they may hold bank details)", async () => {
    const member = await t.createMember();
    const client = await t.loginAs(member);
    const k = key();
    const saved = await client.post(
      routes.addUserBanks.path,
      { id: member.id, bank_name: 'BDO Unibank', account_number: '9988 7766-5544', account_name: 'To Be Erased' },
      withKey(k),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const kept = () => t.db.db.selectFrom('idempotency_keys').select('body').where('scope', '=', `member:${member.id}`).execute();
    expect((await kept())[0]?.body).toContain('9988');
    expect((await client.post(routes.requestErasure.path, { id: member.id, password: member.password })).statusCode).toBe(200);
    const approved = await adminClient.post(routes.decideErasure.path, { member_id: member.id, decision: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await kept()).toEqual([]);
  });
});

describe('keys are kept IDEMPOTENCY_KEY_HOURS, then purged', () => {
  it('the hourly purge drops keys older than the period; the same key then records anew', async () => {
    const k = key();
    const body = newDeal(agent.id, { customerName: 'Purged Key' });
    expect((await agentClient.post(routes.addDeal.path, body, withKey(k))).statusCode).toBe(200);
    // Within the period: kept.
    expect(await purgeIdempotencyKeys(t.db.db, t.config.idempotencyKeyHours, new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    const kept = await agentClient.post(routes.addDeal.path, body, withKey(k));
    expect(kept.headers['idempotent-replayed']).toBe('true');
    expect(t.config.idempotencyKeyHours).toBe(24);
    // Past it: gone, and the key is new again.
    expect(await purgeIdempotencyKeys(t.db.db, t.config.idempotencyKeyHours, new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThan(0);
    const rows = await t.db.db.selectFrom('idempotency_keys').select('idem_key').where('idem_key', '=', k).execute();
    expect(rows).toEqual([]);
    const anew = await agentClient.post(routes.addDeal.path, body, withKey(k));
    expect(anew.statusCode).toBe(200);
    expect(anew.headers['idempotent-replayed']).toBeUndefined();
    expect(await dealsOf(agent.id, 'Purged Key')).toHaveLength(2);
  });
});

describe('the API documents the header', () => {
  it('on the marked routes of /api/docs/json only', async () => {
    const res = await t.client().get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> };
    const headerOf = (def: RouteDef) =>
      (doc.paths[def.path]?.[def.method.toLowerCase()]?.parameters ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    expect(headerOf(routes.addDeal)).toBe(true);
    expect(headerOf(routes.uploadMaterial)).toBe(true);
    expect(headerOf(routes.getDeals)).toBe(false);
  });
});
