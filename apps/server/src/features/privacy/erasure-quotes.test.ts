import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInManila } from '@ahente/contract/dates';
import { erasedMemberName } from '@ahente/contract/my-data';
import { routes } from '@ahente/contract/routes';
import { buildApp, buildServices } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import { connect } from '../../db/connect.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Database } from '../../db/schema.ts';
import { startTestApp, TestClient, type TestApp } from '../../../test/harness.ts';
import { ERASED_VALUE, erasureMentions, type SharedValues } from './erasure-mentions.ts';
import { ERASURE_TEXT_COLUMNS } from './erasure-repository.ts';

/**
 * An approved erasure rewrites every quote of the member in other rows' free text, deletes the
 * stored answers and throttle keys that carry them, and on SQLite leaves nothing in the file's free
 * space or the WAL (decision 027). On SQLite and PostgreSQL.
 */

/** The member to be erased: a common first name ("Juan", which another member also has), a surname no one else has. */
const PERSON = {
  fname: 'Juan',
  mname: 'Pacheco',
  lname: 'Magbanua',
  username: 'jmagbanua_88',
  email: 'Juan.Magbanua88@example.ph',
  contact: '09175550199',
  tin: '321-654-987-000',
  account: '5566 7788 9900',
  password: 'correct-horse-9',
};

/** Lower-case strings none of which may remain in any table once the member is erased. */
const NEEDLES = [
  'juan pacheco magbanua',
  'juan p. magbanua',
  'magbanua',
  'jmagbanua_88',
  'juan.magbanua88@example.ph',
  '9175550199',
  '917 555 0199',
  '917-555-0199',
  '321654987',
  '321-654-987',
  '556677889900',
  '5566 7788 9900',
  '5566-7788-9900',
];

/** Every text column of every table, and the text of every row (lower case). */
async function textColumns(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (dialect === 'postgres') {
    const rows = await sql<{ t: string; c: string }>`select table_name as t, column_name as c from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying') and table_name not like 'kysely_%'`.execute(db);
    for (const r of rows.rows) out.set(r.t, [...(out.get(r.t) ?? []), r.c]);
  } else {
    const tables = await sql<{ name: string }>`select name from sqlite_master
      where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db);
    for (const { name } of tables.rows) {
      const cols = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(db);
      out.set(
        name,
        cols.rows.filter((c) => /char|text/i.test(c.type)).map((c) => c.name),
      );
    }
  }
  return out;
}

async function everyText(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [table, columns] of await textColumns(db, dialect)) {
    if (columns.length === 0) continue;
    const rows = (await sql`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)}`.execute(db)).rows;
    out.set(table, JSON.stringify(rows).toLowerCase());
  }
  return out;
}

const keyed = (k: string) => ({ headers: { 'idempotency-key': k } });

describe('the quotes an erasure recognises (erasure-mentions.ts)', () => {
  const none: SharedValues = { fullName: false, firstName: false, lastName: false, phone: false, tin: false, accounts: new Set() };
  const person = {
    f_name: PERSON.fname,
    m_name: PERSON.mname,
    l_name: PERSON.lname,
    username: PERSON.username,
    email: PERSON.email,
    contact_no: PERSON.contact,
    tin: PERSON.tin,
    accounts: ['556677889900'],
    licences: ['LIFE-2026-00417'],
  };
  const who = erasedMemberName(7);
  const m = erasureMentions(person, { ...none, firstName: true }, who);

  it.each([
    ['Juan Pacheco Magbanua called', `${who} called`],
    ['juan p. magbanua called', `${who} called`],
    ['JUAN P MAGBANUA called', `${who} called`],
    ['Juan  Magbanua called', `${who} called`],
    ['Magbanua, Juan P. called', `${who} called`],
    ['Ms. Juan Magbanua and Mr. Magbanua and J. Magbanua', `${who} and ${who} and ${who}`],
    ["Ma'am Magbanua's sale", `${who}'s sale`],
    ['mail Juan.Magbanua88@Example.PH now', `mail ${who} now`],
    ['user jmagbanua_88, @jmagbanua_88.', `user ${who}, @${who}.`],
    [
      '0917 555 0199 / +63 917 555 0199 / +639175550199 / 639175550199 / 0917-555-0199 / 9175550199',
      Array(6).fill(ERASED_VALUE).join(' / '),
    ],
    ['TIN 321-654-987-000, 321654987000, 321 654 987, 321654987', `TIN ${Array(4).fill(ERASED_VALUE).join(', ')}`],
    ['account 5566-7788-9900 and 556677889900', `account ${ERASED_VALUE} and ${ERASED_VALUE}`],
    ['licence life-2026-00417 lapsed', `licence ${ERASED_VALUE} lapsed`],
  ])('rewrites %j', (text, expected) => {
    expect(m.rewrite(text)).toBe(expected);
    expect(m.quotes(text)).toBe(true);
  });

  it.each([
    // A common first name alone, or after an honorific when someone else is called so too.
    'Juan dela Cruz from San Juan, and Sir Juan',
    // A surname inside another word, a name without the surname, other numbers around theirs.
    'Magbanuas Road; Juan Pacheco; Pacheco Magbanuaan',
    '109175550199 and 91755501990 and 3216549871234567',
    'jmagbanua_88x and xjmagbanua_88 and jmagbanua_88@other.ph',
    'juan.magbanua88@example.phx',
  ])('leaves %j alone', (text) => {
    expect(m.rewrite(text)).toBe(text);
    expect(m.quotes(text)).toBe(false);
  });

  it('finds, with its LIKE patterns, every text it rewrites', () => {
    const like = (pattern: string, text: string) =>
      new RegExp(
        `^${pattern
          .split(/(\\.|%|_)/)
          .map((p) =>
            p === '%'
              ? '.*'
              : p === '_'
                ? '.'
                : p.startsWith('\\')
                  ? p.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
                  : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('')}$`,
        's',
      ).test(text.toLowerCase());
    for (const text of [
      'Mr. Magbanua',
      'Magbanua, Juan',
      '+63 917-555-0199',
      '321 654 987',
      '5566-7788-9900',
      'JMAGBANUA_88',
      'LIFE-2026-00417',
    ]) {
      expect(
        m.like.some((p) => like(p, text)),
        text,
      ).toBe(true);
    }
  });

  it('recognises a letters-only username only where it is quoted as one, and leaves what another member shares', () => {
    const plain = erasureMentions({ ...person, username: 'juanito' }, none, who);
    expect(plain.rewrite('Juanito said: my username is juanito, or @juanito')).toBe(`Juanito said: my username is ${who}, or @${who}`);
    const namesake = erasureMentions(person, { ...none, fullName: true, lastName: true, phone: true, tin: true }, who);
    expect(namesake.rewrite('Juan Magbanua, Mr. Magbanua, 09175550199, 321-654-987')).toBe(
      'Juan Magbanua, Mr. Magbanua, 09175550199, 321-654-987',
    );
    expect(namesake.rewrite('juan.magbanua88@example.ph')).toBe(who);
  });
});

describe('an approved erasure and the rows that quote the member', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      smtpUrl: 'smtp://127.0.0.1:2',
      mailFrom: { name: 'Ahente', address: 'no-reply@ahente.test' },
      portalUrl: 'https://ahente.test',
    });
  });
  afterAll(() => t.close());

  it('every text column of the schema has a decision', async () => {
    const live = await textColumns(t.db.db, t.db.dialect);
    const decided = ERASURE_TEXT_COLUMNS as Record<string, Record<string, string>>;
    const missing = [...live].flatMap(([table, cols]) => cols.filter((c) => !decided[table]?.[c]).map((c) => `${table}.${c}`));
    expect(missing, 'add these to ERASURE_TEXT_COLUMNS (erasure-repository.ts) and to decision 027').toEqual([]);
    const stale = Object.entries(decided).flatMap(([table, cols]) =>
      Object.keys(cols)
        .filter((c) => !(live.get(table) ?? []).includes(c))
        .map((c) => `${table}.${c}`),
    );
    expect(stale).toEqual([]);
  });

  it('rewrites tickets, replies, reasons, proposals and e-mails that quote them, deletes stored answers and throttle keys, and leaves everyone else', async () => {
    const admin = await t.createAdmin();
    const adminClient = await t.loginAs(admin);
    // Another Juan: the first name alone is not theirs to erase.
    const namesake = await t.createMember({ f_name: 'Juan', l_name: 'dela Cruz', contact_no: '09998887766' });
    const other = await t.createMember({ contact_no: '09998887766' });
    const otherClient = await t.loginAs(other);

    const reg = await t.client().post(routes.register.path, {
      username: PERSON.username,
      password: PERSON.password,
      email: PERSON.email,
      fname: PERSON.fname,
      mname: PERSON.mname,
      lname: PERSON.lname,
      contact: PERSON.contact,
      refCode: '',
      consent: true,
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const id: number = reg.json().id;
    expect((await adminClient.post(routes.approveMember.path, { id })).statusCode).toBe(200);
    const me = await t.loginAs({ username: PERSON.username, password: PERSON.password });
    expect((await me.post(routes.editMember.path, { id, tin: PERSON.tin })).statusCode).toBe(200);
    const bank = { id, bank_name: 'BDO Unibank', account_number: PERSON.account, account_name: 'Juan P. Magbanua' };
    expect((await me.post(routes.addUserBanks.path, bank, keyed(randomUUID()))).statusCode).toBe(200);
    // An administrator corrects it, with a key: the stored answer holds the account number.
    const adminBank = await adminClient.post(routes.addUserBanks.path, { ...bank, bank_name: 'BPI' }, keyed(randomUUID()));
    expect(adminBank.statusCode, adminBank.body).toBe(200);

    // Tickets by another agent and by an admin, quoting them in the usual spellings.
    const agentText =
      'Juan Pacheco Magbanua (username jmagbanua_88) called from +63 917 555 0199 and 0917-555-0199; ' +
      'his e-mail is JUAN.MAGBANUA88@example.ph and TIN 321654987000. Not to be confused with Juan dela Cruz of San Juan: ask Sir Juan.';
    const agentTicket = await otherClient.post(
      routes.addTicket.path,
      { id: other.id, title: 'Commission of Juan P. Magbanua', description: agentText, type: 'concerns' },
      keyed(randomUUID()),
    );
    expect(agentTicket.statusCode, agentTicket.body).toBe(201);
    const agentTicketId: number = agentTicket.json().ticket.id;
    const replyText = 'Magbanua, Juan P.: TIN 321-654-987, account 5566-7788-9900. Mr. Magbanua will be told.';
    const reply = await adminClient.post(routes.replyTicket.path, { ticket_id: agentTicketId, message: replyText });
    expect(reply.statusCode, reply.body).toBe(201);
    const adminTicket = await adminClient.post(routes.addTicket.path, {
      id: admin.id,
      title: 'Onboarding jmagbanua_88',
      description: 'Call juan.magbanua88@example.ph or 09175550199.',
      type: 'registration',
    });
    expect(adminTicket.statusCode, adminTicket.body).toBe(201);

    // An administrator's reasons naming them: an adjustment (with a key: its answer is stored) and a withholding rate.
    const adjustment = await adminClient.post(
      routes.addAdjustment.path,
      { member_id: other.id, amount: '150', reason: 'Split with Juan Magbanua (0917 555 0199)' },
      keyed(randomUUID()),
    );
    expect(adjustment.statusCode, adjustment.body).toBe(200);
    const withholding = await adminClient.post(routes.setWithholding.path, {
      member_id: other.id,
      rate: 10,
      effective_from: todayInManila(),
      reason: 'Sworn declaration witnessed by Juan Pacheco Magbanua',
    });
    expect(withholding.statusCode, withholding.body).toBe(200);

    // Proposals (decision 038): another agent's quoting them in what the agent types, and their own for a client.
    const quoting = await otherClient.post(routes.saveProposal.path, {
      id: other.id,
      client: { name: 'Maria Santos' },
      product: 'Comprehensive',
      options: [
        {
          insurer: 'Malayan Insurance',
          plan_name: 'Plan of Juan P. Magbanua',
          basic_premium: 10000,
          coverages: [{ name: 'Driver: Juan Pacheco Magbanua', limit: '₱100,000' }],
          deductible: 'TIN 321-654-987 on file',
          remarks: 'Call juan.magbanua88@example.ph',
        },
      ],
      notes: 'Referred by Juan P. Magbanua (0917-555-0199)',
    });
    expect(quoting.statusCode, quoting.body).toBe(200);
    const quotingId: number = quoting.json().proposal.id;
    const own = await me.post(routes.saveProposal.path, {
      id,
      client: { name: 'Kliyente Reyes', contact: '09171112222', email: 'kliyente.reyes@example.ph' },
      product: 'CTPL',
      options: [{ insurer: 'Pioneer', basic_premium: 447 }],
      notes: 'My own client, Juan Magbanua',
    });
    expect(own.statusCode, own.body).toBe(200);
    const ownId: number = own.json().proposal.id;

    // Failed logins with their username and their e-mail, and a reset asked with their e-mail.
    for (const login of [PERSON.username, PERSON.email]) {
      expect((await t.client().post(routes.login.path, { username: login, password: 'not-it-at-all' })).statusCode).toBe(401);
    }
    expect((await t.client().post(routes.forgotPassword.path, { login: PERSON.email })).statusCode).toBe(200);

    // Before: the quotes are there (the scan can fail).
    const before = [...(await everyText(t.db.db, t.db.dialect)).values()].join('\n');
    for (const needle of ['magbanua', 'jmagbanua_88', 'juan.magbanua88@example.ph', '556677889900', '917 555 0199']) {
      expect(before, needle).toContain(needle);
    }
    const throttles = () => t.db.db.selectFrom('login_throttle').select('key').execute();
    expect((await throttles()).filter((r) => r.key.includes('magbanua'))).toHaveLength(3);

    expect((await me.post(routes.requestErasure.path, { id, password: PERSON.password })).statusCode).toBe(200);
    const approved = await adminClient.post(routes.decideErasure.path, { member_id: id, decision: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const who = erasedMemberName(id);

    // What the other agent and the admin now read.
    const tickets = (await otherClient.post(routes.getMyTickets.path, { id: other.id })).json();
    expect(tickets.find((x: { id: number }) => x.id === agentTicketId)).toMatchObject({
      title: `Commission of ${who}`,
      description:
        `${who} (username ${who}) called from ${ERASED_VALUE} and ${ERASED_VALUE}; ` +
        `his e-mail is ${who} and TIN ${ERASED_VALUE}. Not to be confused with Juan dela Cruz of San Juan: ask Sir Juan.`,
    });
    const replies = (await otherClient.post(routes.ticketReplies.path, { ticket_id: agentTicketId })).json();
    expect(JSON.stringify(replies)).toContain(`${who}: TIN ${ERASED_VALUE}, account ${ERASED_VALUE}. ${who} will be told.`);
    const adminTickets = (await adminClient.post(routes.getMyTickets.path, { id: admin.id })).json();
    expect(adminTickets[0]).toMatchObject({ title: `Onboarding ${who}`, description: `Call ${who} or ${ERASED_VALUE}.` });
    const adjustments = (await adminClient.get(routes.commissionAdjustments.path)).json();
    expect(adjustments.find((a: { id: number }) => a.id === adjustment.json().entry.id)).toMatchObject({
      reason: `Split with ${who} (${ERASED_VALUE})`,
    });
    const rates = (await adminClient.post(routes.withholding.path, { id: other.id })).json();
    expect(JSON.stringify(rates)).toContain(`Sworn declaration witnessed by ${who}`);

    // The proposals: what the agent typed is rewritten; the client of the erased member's proposal is the agency's, kept.
    const quoted = (await otherClient.post(routes.proposal.path, { proposal_id: quotingId })).json().proposal;
    expect(quoted).toMatchObject({ client: { name: 'Maria Santos' }, notes: `Referred by ${who} (${ERASED_VALUE})` });
    expect(quoted.options[0]).toMatchObject({
      plan_name: `Plan of ${who}`,
      coverages: [{ name: `Driver: ${who}`, limit: '₱100,000' }],
      deductible: `TIN ${ERASED_VALUE} on file`,
      remarks: `Call ${who}`,
      breakdown: { amount_due: 12470 },
    });
    const kept = (await adminClient.post(routes.proposal.path, { proposal_id: ownId })).json().proposal;
    expect(kept).toMatchObject({
      member_id: id,
      client: { name: 'Kliyente Reyes', contact: '09171112222', email: 'kliyente.reyes@example.ph' },
      notes: `My own client, ${who}`,
    });

    // Nothing of theirs in any text column of any table: stored answers, throttles, e-mails included.
    for (const [table, text] of await everyText(t.db.db, t.db.dialect)) {
      for (const needle of NEEDLES) expect(text.includes(needle), `${table} still holds ${needle}`).toBe(false);
    }
    expect((await throttles()).filter((r) => r.key.includes('magbanua'))).toEqual([]);
    expect(await t.db.db.selectFrom('idempotency_keys').select('route').where('scope', '=', `member:${id}`).execute()).toEqual([]);

    // Everyone else is untouched: the other Juan, the other agent's login and phone.
    const untouched = await t.db.db
      .selectFrom('members')
      .select(['f_name', 'l_name', 'contact_no'])
      .where('id', 'in', [namesake.id, other.id])
      .orderBy('id')
      .execute();
    expect(untouched).toEqual([
      { f_name: 'Juan', l_name: 'dela Cruz', contact_no: '09998887766' },
      expect.objectContaining({ contact_no: '09998887766' }),
    ]);
  });
});

// SQLite only: the file itself. PostgreSQL's old row versions are its own to vacuum (decision 027).
if (process.env.TEST_DIALECT !== 'postgres') {
  describe('the SQLite file after an erasure', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-erasure-file-'));
    const file = path.join(work, 'ahente.db');
    afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

    it('has secure_delete on, its WAL checkpointed and truncated, and none of the old values in its pages', async () => {
      const db = connect(`sqlite:${file}`);
      await migrateToLatest(db);
      const config: Config = {
        ...loadConfig({ NODE_ENV: 'test' }),
        webDist: null,
        storageDir: path.join(work, 'files'),
        admin2fa: 'optional',
        signup: { maxPerWindow: 1_000_000, windowMs: 3_600_000 },
      };
      const app = await buildApp({ config, db });
      const services = buildServices({ config, db });
      const login = async (username: string, password: string) => {
        const c = new TestClient(app);
        const res = await c.post(routes.login.path, { username, password });
        expect(res.statusCode, res.body).toBe(200);
        return c;
      };
      try {
        const adminId = await services.accounts.create({
          username: 'file_admin',
          password: 'correct-horse-1',
          email: 'file.admin@example.ph',
          f_name: 'Admin',
          m_name: null,
          l_name: 'Person',
          contact_no: '09170000000',
          referror: null,
          status: 'Approved',
          account_type: 'admin',
          position: 'Agent',
        });
        const admin = await login('file_admin', 'correct-horse-1');
        const reg = await new TestClient(app).post(routes.register.path, {
          username: PERSON.username,
          password: PERSON.password,
          email: PERSON.email,
          fname: PERSON.fname,
          mname: PERSON.mname,
          lname: PERSON.lname,
          contact: PERSON.contact,
          refCode: '',
          consent: true,
        });
        expect(reg.statusCode, reg.body).toBe(200);
        const id: number = reg.json().id;
        expect((await admin.post(routes.approveMember.path, { id })).statusCode).toBe(200);
        const me = await login(PERSON.username, PERSON.password);
        expect((await me.post(routes.editMember.path, { id, tin: PERSON.tin })).statusCode).toBe(200);
        const bank = { id, bank_name: 'BDO Unibank', account_number: PERSON.account, account_name: 'Juan P. Magbanua' };
        expect((await me.post(routes.addUserBanks.path, bank, keyed(randomUUID()))).statusCode).toBe(200);
        const ticket = await admin.post(routes.addTicket.path, {
          id: adminId,
          title: 'Call Juan Pacheco Magbanua',
          description: `At ${PERSON.contact}, ${PERSON.email}`,
          type: 'concerns',
        });
        expect(ticket.statusCode, ticket.body).toBe(201);
        expect((await new TestClient(app).post(routes.login.path, { username: PERSON.email, password: 'wrong-one' })).statusCode).toBe(401);

        const onDisk = () =>
          [file, `${file}-wal`]
            .filter((f) => fs.existsSync(f))
            .map((f) => fs.readFileSync(f).toString('latin1').toLowerCase())
            .join('\n');
        const needles = [
          'juan pacheco magbanua',
          'jmagbanua_88',
          'juan.magbanua88@example.ph',
          PERSON.contact,
          '321-654-987',
          '556677889900',
        ];
        for (const needle of needles) expect(onDisk(), needle).toContain(needle);

        expect((await me.post(routes.requestErasure.path, { id, password: PERSON.password })).statusCode).toBe(200);
        const approved = await admin.post(routes.decideErasure.path, { member_id: id, decision: 'approved' });
        expect(approved.statusCode, approved.body).toBe(200);

        expect((await sql<{ secure_delete: number }>`pragma secure_delete`.execute(db.db)).rows).toEqual([{ secure_delete: 1 }]);
        expect(fs.statSync(`${file}-wal`).size).toBe(0);
        const text = onDisk();
        for (const needle of needles) expect(text.includes(needle), `the file still holds ${needle}`).toBe(false);
      } finally {
        await app.close();
        await db.close();
      }
    });
  });
}
