import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@ahente/contract/routes';
import type { Certification } from '@ahente/contract/settings';
import { buildApp } from '../../app.ts';
import { startTestApp, TestClient, type TestApp } from '../../../test/harness.ts';
import { BANK_LOCKED } from './service.ts';

/** Bank details and certifications (decision 015): every route, its bad input and every caller. */
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

async function fresh(): Promise<{ m: Member; c: TestClient }> {
  const m = await t.createMember();
  return { m, c: await t.loginAs(m) };
}

const bank = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  bank_name: 'BDO Unibank',
  account_number: '0012 3456-7890',
  account_name: 'Ana M. Reyes',
  ...over,
});
const banksOf = (client: TestClient, id: number) => client.get(`/api/getuserbanks/${id}`);
const bankRows = async () => t.db.db.selectFrom('bank_details').selectAll().orderBy('member_id').execute();

// ---- bank details -----------------------------------------------------------------------------

describe('GET /api/getuserbanks/{id} and POST /api/adduserbanks', () => {
  it('answers [] before anything is saved, then the saved record (account number as digits)', async () => {
    const { m, c } = await fresh();
    const empty = await banksOf(c, m.id);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['cache-control']).toBe('private, no-store');

    const saved = await c.post(routes.addUserBanks.path, bank(m.id));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      bank: { bank_name: 'BDO Unibank', account_number: '001234567890', account_name: 'Ana M. Reyes' },
    });
    expect((await banksOf(c, m.id)).json()).toEqual([
      { bank_name: 'BDO Unibank', account_number: '001234567890', account_name: 'Ana M. Reyes' },
    ]);
  });

  it("locks an agent's saved details: a second save is 409 and changes nothing", async () => {
    const { m, c } = await fresh();
    await c.post(routes.addUserBanks.path, bank(m.id));
    const before = await bankRows();
    const again = await c.post(routes.addUserBanks.path, bank(m.id, { account_number: '9999999999' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(BANK_LOCKED);
    expect(await bankRows()).toEqual(before);
  });

  it('lets an admin save or replace anyone’s details, recording who did it', async () => {
    const { m, c } = await fresh();
    await c.post(routes.addUserBanks.path, bank(m.id));
    const res = await adminClient.post(routes.addUserBanks.path, bank(m.id, { bank_name: 'Land Bank', account_number: '1234567890' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await banksOf(c, m.id)).json()).toEqual([
      { bank_name: 'Land Bank', account_number: '1234567890', account_name: 'Ana M. Reyes' },
    ]);
    const row = await t.db.db.selectFrom('bank_details').selectAll().where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.updated_by).not.toBe(m.id);
    expect(row.created_at <= row.updated_at).toBe(true);
    // And one with none yet.
    const { m: m2 } = await fresh();
    expect((await adminClient.post(routes.addUserBanks.path, bank(m2.id))).statusCode).toBe(200);
  });

  it("records an admin's change in the member's history (the account number by its last four digits); the member's own save is not an admin action", async () => {
    const { m, c } = await fresh();
    await c.post(routes.addUserBanks.path, bank(m.id));
    const history = async () => (await adminClient.post(routes.memberHistory.path, { id: m.id })).json();
    expect(await history()).toEqual([]);
    await adminClient.post(routes.addUserBanks.path, bank(m.id, { account_number: '5555 6666 7777' }));
    const [entry, ...rest] = await history();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: 'bank_details_changed',
      changes: [{ field: 'account_number', from: '••••7890', to: '••••7777' }],
    });
    expect(JSON.stringify(entry)).not.toContain('555566667777');
    // The same details again change nothing, and say nothing.
    await adminClient.post(routes.addUserBanks.path, bank(m.id, { account_number: '555566667777' }));
    expect(await history()).toHaveLength(1);
  });

  it('two first saves at once: one 200, one 409, one record', async () => {
    const { m, c } = await fresh();
    const results = await Promise.all([
      c.post(routes.addUserBanks.path, bank(m.id, { account_number: '1111111111' })),
      c.post(routes.addUserBanks.path, bank(m.id, { account_number: '2222222222' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = (await bankRows()).filter((r) => r.member_id === m.id);
    expect(rows).toHaveLength(1);
    const winner = results.find((r) => r.statusCode === 200)!.json().bank.account_number;
    expect(rows[0]!.account_number).toBe(winner);
  });

  it.each([
    ['a blank bank', { bank_name: ' ' }, 'Bank is required'],
    ['no account number', { account_number: '' }, 'Account Number is required'],
    ['letters in the account number', { account_number: '12AB567890' }, 'Account Number may contain digits, spaces and dashes only'],
    ['an account number of 5 digits', { account_number: '12345' }, 'Account Number must have 6 to 20 digits'],
    ['an account number of 21 digits', { account_number: '1'.repeat(21) }, 'Account Number must have 6 to 20 digits'],
    ['no account name', { account_name: undefined }, 'Account Name is required'],
    ['an account name of 101 characters', { account_name: 'x'.repeat(101) }, 'Account Name must be at most 100 characters'],
    ['an unknown field', { branch: 'Makati' }, undefined],
  ])('refuses %s with 400 and saves nothing', async (_what, over, message) => {
    const { m, c } = await fresh();
    const res = await c.post(routes.addUserBanks.path, bank(m.id, over));
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(res.json().error).toBe(message);
    expect((await bankRows()).filter((r) => r.member_id === m.id)).toEqual([]);
  });

  it('is the member’s own or an admin’s', async () => {
    expect((await banksOf(otherClient, agent.id)).statusCode).toBe(403);
    expect((await banksOf(t.client(), agent.id)).statusCode).toBe(401);
    expect((await banksOf(adminClient, agent.id)).statusCode).toBe(200);
    expect((await banksOf(adminClient, 999_999)).statusCode).toBe(404);
    expect((await banksOf(agentClient, 0)).statusCode).toBe(400);
    expect((await otherClient.post(routes.addUserBanks.path, bank(agent.id))).statusCode).toBe(403);
    expect((await t.client().post(routes.addUserBanks.path, bank(agent.id))).statusCode).toBe(401);
    expect((await adminClient.post(routes.addUserBanks.path, bank(999_999))).statusCode).toBe(404);
    expect((await bankRows()).some((r) => r.member_id === agent.id || r.member_id === 999_999)).toBe(false);
  });

  it('never writes an account number to the log', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...t.config, logLevel: 'debug' },
      db: t.db,
      logStream: new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    try {
      const m = await t.createMember();
      const c = new TestClient(app);
      await c.post(routes.login.path, { username: m.username, password: m.password });
      expect((await c.post(routes.addUserBanks.path, bank(m.id, { account_number: '8765 4321 0987' }))).statusCode).toBe(200);
      expect((await c.post(routes.addUserBanks.path, bank(m.id, { account_number: '8765 4321 0988' }))).statusCode).toBe(409);
      await c.get(`/api/getuserbanks/${m.id}`);
      const text = lines.join('');
      expect(lines.length).toBeGreaterThan(0);
      expect(text).not.toMatch(/876543210987|8765 4321 0987|876543210988/);
    } finally {
      await app.close();
    }
  });
});

// ---- certifications ---------------------------------------------------------------------------

const cert = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  lfa_code: 'LFA-2026-001',
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
  ...over,
});
const certsOf = async (client: TestClient, id: number): Promise<Certification[]> => {
  const res = await client.post(routes.getCertifications.path, { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const certRows = async () => t.db.db.selectFrom('certifications').selectAll().orderBy('id').execute();

describe('POST /api/getcertifications and /api/addcertifications', () => {
  it('answers [] at first; a saved certification comes back with certid, the member id and the time of saving', async () => {
    const { m, c } = await fresh();
    expect(await certsOf(c, m.id)).toEqual([]);
    const res = await c.post(routes.addCertifications.path, cert(m.id));
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Certification;
    expect(saved).toMatchObject({
      id: m.id,
      lfa_code: 'LFA-2026-001',
      cirm_code: 'CIRM-77',
      coding_date_1: '2026-01-15',
      coding_date_2: null,
      individual_hmo: '2026-03-01',
      sme_hmo: null,
    });
    expect(saved.certid).toEqual(expect.any(Number));
    // The server sets the time; the client's createdat is ignored.
    expect(saved.createdat).toMatch(/^20\d\d-\d\d-\d\dT/);
    expect(saved.createdat).not.toBe('1999-01-01T00:00:00.000Z');
    expect(await certsOf(c, m.id)).toEqual([saved]);
  });

  it('lists a member’s certifications oldest first, and only theirs', async () => {
    const { m, c } = await fresh();
    const first = (await c.post(routes.addCertifications.path, cert(m.id, { lfa_code: 'FIRST' }))).json();
    const second = (await c.post(routes.addCertifications.path, cert(m.id, { lfa_code: 'SECOND', coding_date_2: '2026-02-01' }))).json();
    await otherClient.post(routes.addCertifications.path, cert(other.id, { lfa_code: 'OTHER' }));
    expect((await certsOf(c, m.id)).map((x) => x.lfa_code)).toEqual(['FIRST', 'SECOND']);
    expect((await certsOf(adminClient, m.id)).map((x) => x.certid)).toEqual([first.certid, second.certid]);
  });

  it.each([
    [
      'an empty certification',
      Object.fromEntries(
        Object.keys(cert(1))
          .filter((k) => k !== 'id' && k !== 'createdat')
          .map((k) => [k, '']),
      ),
      'Fill in at least one field of the certification',
    ],
    ['an impossible date', { coding_date_1: '2026-02-29' }, 'Coding Date 1 must be a real date (YYYY-MM-DD)'],
    ['a date in another format', { corporate_hmo: '03/01/2026' }, 'Corporate HMO must be a real date (YYYY-MM-DD)'],
    ['an LFA code of 101 characters', { lfa_code: 'x'.repeat(101) }, 'LFA Code must be at most 100 characters'],
    ['an unknown field', { tlc_other: '2026-01-01' }, undefined],
  ])('refuses %s with 400 and saves nothing', async (_what, over, message) => {
    const { m, c } = await fresh();
    const before = await certRows();
    const res = await c.post(routes.addCertifications.path, cert(m.id, over));
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(res.json().error).toBe(message);
    expect(await certRows()).toEqual(before);
  });

  it('is the member’s own or an admin’s', async () => {
    const before = await certRows();
    expect((await otherClient.post(routes.getCertifications.path, { id: agent.id })).statusCode).toBe(403);
    expect((await t.client().post(routes.getCertifications.path, { id: agent.id })).statusCode).toBe(401);
    expect((await otherClient.post(routes.addCertifications.path, cert(agent.id))).statusCode).toBe(403);
    expect((await t.client().post(routes.addCertifications.path, cert(agent.id))).statusCode).toBe(401);
    expect((await adminClient.post(routes.getCertifications.path, { id: 999_999 })).statusCode).toBe(404);
    expect((await adminClient.post(routes.addCertifications.path, cert(999_999))).statusCode).toBe(404);
    expect(await certRows()).toEqual(before);
    const byAdmin = await adminClient.post(routes.addCertifications.path, cert(agent.id, { lfa_code: 'BY-ADMIN' }));
    expect(byAdmin.statusCode).toBe(200);
    expect((await certsOf(agentClient, agent.id)).map((x) => x.lfa_code)).toContain('BY-ADMIN');
  });
});

// ---- the admin's reminder filter --------------------------------------------------------------

describe('adminmembersearch { noCertification: true }', () => {
  it('lists only members with no certification on file', async () => {
    const s = await startTestApp();
    try {
      const admin = await s.createAdmin();
      const ac = await s.loginAs(admin);
      const withCert = await s.createMember({ f_name: 'Certified' });
      const without = await s.createMember({ f_name: 'Uncertified' });
      await ac.post(routes.addCertifications.path, cert(withCert.id));
      const all = await ac.post(routes.adminMemberSearch.path, { id: admin.id });
      expect(
        all
          .json()
          .rows.map((r: { id: number }) => r.id)
          .sort(),
      ).toEqual([admin.id, withCert.id, without.id].sort());
      const filtered = await ac.post(routes.adminMemberSearch.path, { id: admin.id, noCertification: true });
      expect(filtered.statusCode, filtered.body).toBe(200);
      expect(filtered.json().total).toBe(2);
      expect(
        filtered
          .json()
          .rows.map((r: { id: number }) => r.id)
          .sort(),
      ).toEqual([admin.id, without.id].sort());
      const searched = await ac.post(routes.adminMemberSearch.path, { id: admin.id, q: 'certified', noCertification: true });
      expect(searched.json().rows.map((r: { id: number }) => r.id)).toEqual([without.id]);
      expect((await ac.post(routes.adminMemberSearch.path, { id: admin.id, noCertification: 'yes' })).statusCode).toBe(400);
    } finally {
      await s.close();
    }
  });
});
