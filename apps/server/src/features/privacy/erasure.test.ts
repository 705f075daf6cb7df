import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInManila } from '@ahente/contract/dates';
import { MY_DATA_FILES, erasedMemberName, workingDaysAfter } from '@ahente/contract/my-data';
import { pathOf, routes } from '@ahente/contract/routes';
import { MSG } from '@ahente/contract/messages';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { ERASURE_MESSAGES } from './erasure-service.ts';

/**
 * My data and erasure (decision 027): the copy holds every kind and the files; an approved erasure
 * leaves none of the member's personal data in any table or file, while the books (sales,
 * commission entries) and their totals stay, attributed to "Erased member #N".
 */
let t: TestApp;
let admin: TestClient;

/** Distinctive personal data, so a scan of every table and file can look for it. */
const DEFAULT_PERSON = {
  fname: 'Remedios',
  lname: 'Villaluz',
  mname: 'Bustamante',
  email: 'remedios.villaluz@example.ph',
  contact: '09181112233',
  tin: '987-654-321-000',
  account: '0099 8877 6655',
  address: 'Purok Sampaguita, Barangay Malinis',
};

const png = (marker: string) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`image of ${marker}`)]);
const pdf = (marker: string) => Buffer.from(`%PDF-1.7\n% licence scan of ${marker}\n%%EOF\n`);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAs(await t.createAdmin());
  const rate = await admin.post(routes.setCommissionRate.path, {
    kind: 'product',
    key: 'CTPL',
    rate: '10',
    effective_from: todayInManila(),
  });
  expect(rate.statusCode, rate.body).toBe(200);
});
afterAll(() => t.close());

/** Someone else's data, used only by the erasure test: no other row holds any of it. */
const ERASED = {
  fname: 'Filomena',
  lname: 'Dimaculangan',
  mname: 'Kalaw',
  email: 'filomena.dimaculangan@example.ph',
  contact: '09275554321',
  tin: '555-444-333-000',
  account: '7766 5544 3322',
  address: 'Sitio Maligaya, Barangay Dalisay',
};

/** An agent who signed up through the form, was approved, and filled in everything the portal keeps. */
async function fullAgent(tag: string, PERSON = DEFAULT_PERSON) {
  const username = `remy_${tag}`;
  const password = 'correct-horse-9';
  const email = `${tag}.${PERSON.email}`;
  const anon = t.client();
  const reg = await anon.post(routes.register.path, {
    username,
    password,
    email,
    fname: PERSON.fname,
    lname: PERSON.lname,
    mname: PERSON.mname,
    contact: PERSON.contact,
    refCode: '',
    consent: true,
  });
  expect(reg.statusCode, reg.body).toBe(200);
  const id: number = reg.json().id;
  expect((await admin.post(routes.approveMember.path, { id })).statusCode).toBe(200);
  await t.licenseMember(id, { lines: ['Non-Life'] });
  const c = await t.loginAs({ username, password });
  const edit = await c.post(routes.editMember.path, {
    id,
    tin: PERSON.tin,
    address: PERSON.address,
    birthdate: '1988-03-14',
    gender: 'female',
  });
  expect(edit.statusCode, edit.body).toBe(200);
  for (const field of ['photo', 'valid_id'] as const) {
    const up = await c.postForm(routes.editMember.path, [
      { name: 'id', value: String(id) },
      { name: field, filename: `${field}.png`, content: png(`${PERSON.fname} ${PERSON.lname}`) },
    ]);
    expect(up.statusCode, up.body).toBe(200);
  }
  const licence = await c.postForm(routes.addLicense.path, [
    { name: 'id', value: String(id) },
    { name: 'line', value: 'Life' },
    { name: 'license_no', value: `LIFE-${tag}-7788` },
    { name: 'issued_on', value: '2026-01-05' },
    { name: 'expires_on', value: '2029-12-31' },
    { name: 'scan', filename: 'licence.pdf', content: pdf(`${PERSON.fname} ${PERSON.lname}`) },
  ]);
  expect(licence.statusCode, licence.body).toBe(200);
  const bank = await c.post(routes.addUserBanks.path, {
    id,
    bank_name: 'BDO Unibank',
    account_number: PERSON.account,
    account_name: `${PERSON.fname} ${PERSON.lname}`,
  });
  expect(bank.statusCode, bank.body).toBe(200);
  const cert = await c.post(routes.addCertifications.path, { id, lfa_code: `LFA-${tag}`, coding_date_1: '2026-01-15' });
  expect(cert.statusCode, cert.body).toBe(200);
  const day = todayInManila();
  const sales: number[] = [];
  for (const tcv of ['12000', '8000']) {
    const deal = await c.post(routes.addDeal.path, {
      id,
      customerName: 'Kliyente Santos',
      transactionType: 'New',
      product: 'CTPL',
      tcvValue: tcv,
      effectiveDate: day,
      salesType: 'Direct',
    });
    expect(deal.statusCode, deal.body).toBe(200);
    const sale = await c.post(routes.addSale.path, {
      id,
      formData: {
        dealid: deal.json().deal.id,
        customerName: 'Kliyente Santos',
        product: 'CTPL',
        tcv,
        sales_type: 'Direct',
        effectiveDate: day,
      },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    sales.push(sale.json().sale.id);
  }
  const verified = await admin.post(routes.verifySales.path, { sale_ids: sales, decision: 'verified' });
  expect(verified.statusCode, verified.body).toBe(200);
  // An unsold deal (the client's data goes with the member) and a ticket.
  await c.post(routes.addDeal.path, {
    id,
    customerName: 'Hindi Nabenta',
    transactionType: 'New',
    product: 'CTPL',
    tcvValue: '500',
    effectiveDate: day,
    salesType: 'Direct',
  });
  const ticket = await c.post(routes.addTicket.path, {
    id,
    title: 'My name is spelt wrong',
    description: `Please write ${PERSON.fname} ${PERSON.lname}.`,
    type: 'privacy',
  });
  expect(ticket.statusCode, ticket.body).toBe(201);
  return { id, username, password, email, client: c };
}

/** Every row of every table, as text, lower case. */
async function everyTable(): Promise<Map<string, string>> {
  const db = t.db.db;
  const names =
    t.db.dialect === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            db,
          )
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
  const out = new Map<string, string>();
  for (const { name } of names) {
    const rows = (await sql`select * from ${sql.table(name)}`.execute(db)).rows;
    out.set(name, JSON.stringify(rows).toLowerCase());
  }
  return out;
}

/** Every file under the storage directory, as text, lower case. */
function everyFile(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(p, fs.readFileSync(p).toString('latin1').toLowerCase());
    }
  };
  walk(t.config.storageDir);
  return out;
}

async function totals() {
  const db = t.db.db;
  const sales = await db
    .selectFrom('sales')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('tcv_centavos').as('tcv')])
    .executeTakeFirstOrThrow();
  const entries = await db
    .selectFrom('commission_entries')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount_centavos').as('amount')])
    .executeTakeFirstOrThrow();
  return { sales: Number(sales.n), tcv: Number(sales.tcv), entries: Number(entries.n), amount: Number(entries.amount) };
}

describe('GET /api/mydata/:id', () => {
  it('gives the member a .zip with one JSON file per kind and their photo, valid ID and licence scan', async () => {
    const m = await fullAgent('copy');
    // A proposal (decision 038), sent: then changed into a second version.
    const quoted = {
      id: m.id,
      client: { name: 'Kliyente Reyes', contact: '09171112222' },
      product: 'Comprehensive',
      options: [{ insurer: 'Malayan Insurance', basic_premium: 10000, coverages: [{ name: 'Own Damage/Theft', limit: '₱850,000' }] }],
      notes: 'Asked for two insurers',
    };
    const proposal = await m.client.post(routes.saveProposal.path, quoted);
    expect(proposal.statusCode, proposal.body).toBe(200);
    const proposalId: number = proposal.json().proposal.id;
    expect((await m.client.post(routes.sendProposal.path, { proposal_id: proposalId })).statusCode).toBe(200);
    const v2 = await m.client.post(routes.saveProposal.path, { ...quoted, proposal_id: proposalId, notes: 'Second version' });
    expect(v2.statusCode, v2.body).toBe(200);
    const res = await m.client.get(pathOf(routes.myData, { id: m.id }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`my-data-${m.id}.zip`);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    for (const kind of MY_DATA_FILES) expect(Object.keys(files), kind).toContain(`${kind}.json`);
    const json = (name: string) => JSON.parse(strFromU8(files[`${name}.json`]!));
    expect(json('profile')).toMatchObject({ id: m.id, username: m.username, email: m.email, f_name: DEFAULT_PERSON.fname });
    expect(json('profile')).not.toHaveProperty('password_hash');
    expect(json('personal-details')).toMatchObject({ tin: DEFAULT_PERSON.tin, birthdate: '1988-03-14' });
    expect(json('bank-details')).toEqual([expect.objectContaining({ account_number: DEFAULT_PERSON.account.replaceAll(' ', '') })]);
    expect(json('sales')).toHaveLength(2);
    expect(json('deals')).toHaveLength(3);
    // The proposals: every version with its options (amounts in centavos) and the events; never the link's token hash.
    expect(json('proposals')).toEqual([
      expect.objectContaining({
        id: proposalId,
        member_id: m.id,
        client_name: 'Kliyente Reyes',
        version: 2,
        versions: [
          expect.objectContaining({ version: 1, notes: 'Asked for two insurers', client_contact: '09171112222' }),
          expect.objectContaining({ version: 2, notes: 'Second version' }),
        ],
        events: [
          expect.objectContaining({ action: 'created', version: 1 }),
          expect.objectContaining({ action: 'sent', version: 1 }),
          expect.objectContaining({ action: 'revised', version: 2 }),
        ],
      }),
    ]);
    expect(json('proposals')[0].versions[1].options).toEqual([
      expect.objectContaining({
        position: 1,
        insurer: 'Malayan Insurance',
        basic_premium_centavos: 1_000_000,
        amount_due_centavos: 1_247_000,
        coverages: [{ name: 'Own Damage/Theft', limit: '₱850,000' }],
      }),
    ]);
    expect(json('proposals')[0]).not.toHaveProperty('share_token_hash');
    expect(json('commission-entries').length).toBeGreaterThan(0);
    expect(json('tickets')).toEqual([expect.objectContaining({ title: 'My name is spelt wrong', replies: [] })]);
    expect(json('consents')).toEqual([expect.objectContaining({ notice_version: 1 })]);
    expect(json('licences')).toEqual(expect.arrayContaining([expect.objectContaining({ license_no: 'LIFE-copy-7788', has_scan: true })]));
    const names = Object.keys(files).filter((f) => f.startsWith('files/'));
    expect(names.sort()).toEqual(
      [
        'files/licence-' + json('licences').find((l: { has_scan: boolean }) => l.has_scan).id + '.pdf',
        'files/photo.png',
        'files/valid-id.png',
      ].sort(),
    );
    expect(Buffer.from(files['files/photo.png']!).toString()).toContain(`image of ${DEFAULT_PERSON.fname}`);
    // Their own copy is not a read of someone else's data.
    expect(
      await t.db.db.selectFrom('access_log').select('id').where('subject_id', '=', m.id).where('what', '=', 'data_export').execute(),
    ).toEqual([]);
  });

  it('is refused to another agent (403) and to no one (401); an admin gets it and the read is logged once', async () => {
    const m = await fullAgent('copy2');
    const other = await t.loginAs(await t.createMember());
    expect((await other.get(pathOf(routes.myData, { id: m.id }))).statusCode).toBe(403);
    expect((await t.client().get(pathOf(routes.myData, { id: m.id }))).statusCode).toBe(401);
    expect((await admin.get(pathOf(routes.myData, { id: 999_999 }))).statusCode).toBe(404);
    const res = await admin.get(pathOf(routes.myData, { id: m.id }));
    expect(res.statusCode).toBe(200);
    const log = await m.client.post(routes.accessLog.path, { id: m.id });
    expect(log.json().rows.filter((r: { what: string }) => r.what === 'data_export')).toHaveLength(1);
  });
});

describe('POST /api/requesterasure, /api/decideerasure, /api/privacyrequests', () => {
  it('needs the password, keeps one open request, and shows its deadline of 30 working days to the member and the admin', async () => {
    const m = await fullAgent('ask');
    const wrong = await m.client.post(routes.requestErasure.path, { id: m.id, password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(ERASURE_MESSAGES.wrongPassword);
    expect((await m.client.post(routes.myPrivacy.path, { id: m.id })).json()).toEqual({ request: null });

    const ok = await m.client.post(routes.requestErasure.path, { id: m.id, password: m.password });
    expect(ok.statusCode, ok.body).toBe(200);
    const due = workingDaysAfter(todayInManila());
    expect(ok.json().request).toMatchObject({ kind: 'erasure', status: 'open', due_on: due, decided_at: null });
    const again = await m.client.post(routes.requestErasure.path, { id: m.id, password: m.password });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ERASURE_MESSAGES.alreadyOpen);

    const queue = (await admin.post(routes.privacyRequests.path, {})).json();
    expect(queue.open).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'erasure',
          member: expect.objectContaining({ id: m.id, username: m.username }),
          due_on: due,
          overdue: false,
        }),
        expect.objectContaining({ kind: 'ticket', title: 'My name is spelt wrong' }),
      ]),
    );

    const noReason = await admin.post(routes.decideErasure.path, { member_id: m.id, decision: 'refused' });
    expect(noReason.statusCode).toBe(400);
    const refused = await admin.post(routes.decideErasure.path, {
      member_id: m.id,
      decision: 'refused',
      reason: 'Your sales are under audit until March.',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const mine = (await m.client.post(routes.myPrivacy.path, { id: m.id })).json().request;
    expect(mine).toMatchObject({ status: 'refused', reason: 'Your sales are under audit until March.' });
    expect((await admin.post(routes.decideErasure.path, { member_id: m.id, decision: 'approved' })).statusCode).toBe(404);
    // Still a member: a refusal changes nothing.
    expect((await m.client.get(routes.me.path)).statusCode).toBe(200);
  });

  it('an approval leaves none of the personal data in any table or file, keeps the books and their totals, and ends the login', async () => {
    const m = await fullAgent('gone', ERASED);
    const PERSON = ERASED;
    const before = await totals();
    const files = everyFile();
    const needles = [
      PERSON.fname,
      PERSON.lname,
      PERSON.mname,
      m.username,
      m.email,
      PERSON.contact,
      PERSON.tin,
      PERSON.account,
      PERSON.account.replaceAll(' ', ''),
      PERSON.address,
    ].map((s) => s.toLowerCase());
    expect([...files.values()].some((f) => f.includes(PERSON.fname.toLowerCase()))).toBe(true);
    // The admin opened the member's data before: the log keeps who read whose, not the data.
    expect((await admin.post(routes.getUserDetails.path, { id: m.id })).statusCode).toBe(200);

    expect((await m.client.post(routes.requestErasure.path, { id: m.id, password: m.password })).statusCode).toBe(200);
    const approved = await admin.post(routes.decideErasure.path, { member_id: m.id, decision: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().request).toMatchObject({ status: 'approved' });

    // The member's session ended and the login is gone.
    expect((await m.client.get(routes.me.path)).statusCode).toBe(401);

    // Nothing of the personal data in any table: every column of every row read.
    const tables = await everyTable();
    expect(tables.size).toBeGreaterThan(20);
    for (const [table, text] of tables) {
      for (const needle of needles) expect(text.includes(needle), `${table} still holds ${needle}`).toBe(false);
    }
    // …nor in any file: the photo, the valid ID and the scan are deleted from storage.
    for (const [file, text] of everyFile()) {
      for (const needle of needles) expect(text.includes(needle), `${file} still holds ${needle}`).toBe(false);
    }
    expect(everyFile().size).toBe(files.size - 3);

    // The old username and password no longer log in (a failed attempt, counted like any other).
    const login = await t.client().post(routes.login.path, { username: m.username, password: m.password });
    expect(login.statusCode).toBe(401);
    expect(login.json().error).toBe(MSG.loginInvalid);

    // The books stay, attributed to "Erased member #N", with the same totals.
    expect(await totals()).toEqual(before);
    const row = await t.db.db
      .selectFrom('members')
      .select(['f_name', 'l_name', 'erased_at'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(`${row.f_name} ${row.l_name}`).toBe(erasedMemberName(m.id));
    expect(row.erased_at).not.toBeNull();
    const sales = (await admin.post(routes.getSales.path, { id: m.id })).json();
    expect(Array.isArray(sales) ? sales.length : sales.rows.length).toBe(2);
    const details = (await admin.post(routes.getUserDetails.path, { id: m.id })).json();
    expect(details).toEqual([
      expect.objectContaining({ f_name: 'Erased member', l_name: `#${m.id}`, email: `erased-${m.id}@erased.invalid` }),
    ]);

    // Decided: on the admin's page among the decided, not the open.
    const queue = (await admin.post(routes.privacyRequests.path, {})).json();
    expect(queue.open.some((q: { member: { id: number } | null }) => q.member?.id === m.id)).toBe(false);
    expect(queue.decided).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'erasure', status: 'approved' })]));
  });

  it('is refused to another agent and to a pending caller; only admins decide; an admin cannot erase themselves', async () => {
    const m = await fullAgent('who');
    const other = await t.loginAs(await t.createMember());
    expect((await other.post(routes.requestErasure.path, { id: m.id, password: m.password })).statusCode).toBe(403);
    expect((await m.client.post(routes.decideErasure.path, { member_id: m.id, decision: 'approved' })).statusCode).toBe(403);
    const self = await t.createAdmin();
    const selfClient = await t.loginAs(self);
    const own = await selfClient.post(routes.decideErasure.path, { member_id: self.id, decision: 'approved' });
    expect(own.statusCode).toBe(409);
    expect((await t.db.db.selectFrom('privacy_requests').select('id').where('member_id', '=', m.id).execute()).length).toBe(0);
  });
});

describe('the access log of sensitive data', () => {
  it('records each read of another member’s sensitive data once, never one’s own, and shows it to the member newest first', async () => {
    const m = await fullAgent('log');
    const reader = await t.createAdmin();
    const readerClient = await t.loginAs(reader);
    // One's own reads: none logged.
    expect((await m.client.post(routes.getUserDetails.path, { id: m.id })).statusCode).toBe(200);
    expect((await m.client.get(pathOf(routes.getUserBanks, { id: m.id }))).statusCode).toBe(200);
    expect((await m.client.get(pathOf(routes.downloadValidId, { id: m.id }))).statusCode).toBe(200);
    expect(await t.db.db.selectFrom('access_log').select('id').where('subject_id', '=', m.id).execute()).toEqual([]);

    // An admin's reads: one entry each, with who, what and from where.
    expect((await readerClient.post(routes.getUserDetails.path, { id: m.id })).statusCode).toBe(200);
    expect((await readerClient.get(pathOf(routes.getUserBanks, { id: m.id }))).statusCode).toBe(200);
    expect((await readerClient.get(pathOf(routes.downloadValidId, { id: m.id }))).statusCode).toBe(200);
    // A refused read is not a read.
    const stranger = await t.loginAs(await t.createMember());
    expect((await stranger.get(pathOf(routes.getUserBanks, { id: m.id }))).statusCode).toBe(403);

    const rows = await t.db.db.selectFrom('access_log').selectAll().where('subject_id', '=', m.id).orderBy('id').execute();
    expect(rows.map((r) => [r.actor_id, r.what])).toEqual([
      [reader.id, 'personal_details'],
      [reader.id, 'bank_details'],
      [reader.id, 'valid_id'],
    ]);
    expect(rows.every((r) => r.ip !== null && r.at.length > 0)).toBe(true);

    const mine = await m.client.post(routes.accessLog.path, { id: m.id });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ total: 3, page: 1 });
    expect(mine.json().rows.map((r: { what_label: string; actor_id: number }) => [r.what_label, r.actor_id])).toEqual([
      ['Valid ID', reader.id],
      ['Bank details', reader.id],
      ['Personal details', reader.id],
    ]);
    expect(mine.json().rows[0]).not.toHaveProperty('ip');
    expect((await stranger.post(routes.accessLog.path, { id: m.id })).statusCode).toBe(403);

    // The admins' whole log, filtered by member and kind, and its export.
    const filtered = await admin.post(routes.adminAccessLog.path, { subject: String(m.id), what: 'bank_details' });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json().rows).toEqual([expect.objectContaining({ subject_id: m.id, what: 'bank_details', actor_id: reader.id })]);
    const bad = await admin.post(routes.adminAccessLog.path, { from: '2026-02-01', to: '2026-01-01' });
    expect(bad.statusCode).toBe(400);
    const xlsx = await admin.post(routes.adminAccessLogExport.path, { subject: String(m.id) });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('records a licence list and a licence scan read by an admin, each once, with the licence named', async () => {
    const m = await fullAgent('lic');
    const reader = await t.createAdmin();
    const readerClient = await t.loginAs(reader);
    const list = await readerClient.post(routes.getLicenses.path, { id: m.id });
    expect(list.statusCode, list.body).toBe(200);
    const scanned = list.json().find((l: { line: string }) => l.line === 'Life');
    const scan = await readerClient.get(pathOf(routes.licenseScan, { licenseId: scanned.id }));
    expect(scan.statusCode).toBe(200);
    // The member's own reads of the same: none.
    await m.client.post(routes.getLicenses.path, { id: m.id });
    await m.client.get(pathOf(routes.licenseScan, { licenseId: scanned.id }));
    const rows = await t.db.db
      .selectFrom('access_log')
      .select(['actor_id', 'what', 'detail'])
      .where('subject_id', '=', m.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { actor_id: reader.id, what: 'licences', detail: null },
      { actor_id: reader.id, what: 'licence_scan', detail: `Licence #${scanned.id}` },
    ]);
  });

  it('is append-only: the database refuses to change or hide an entry', async () => {
    const m = await fullAgent('append');
    await admin.post(routes.getUserDetails.path, { id: m.id });
    const entry = await t.db.db.selectFrom('access_log').select('id').where('subject_id', '=', m.id).executeTakeFirstOrThrow();
    await expect(t.db.db.updateTable('access_log').set({ what: 'tin' }).where('id', '=', entry.id).execute()).rejects.toThrow(
      /append-only/,
    );
  });
});
