import { SELF_ROLE_CHANGE_REFUSED, type MemberAuditEntry } from '@ahente/contract/members';
import { routes } from '@ahente/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const auditOf = (app: TestApp, memberId: number) =>
  app.db.db.selectFrom('member_audit').selectAll().where('member_id', '=', memberId).orderBy('id').execute();

describe('POST /api/editMember', () => {
  it('lets an agent change their own personal fields (their name sent as it is, the e-mail with their password)', async () => {
    const m = await t.createMember({ f_name: 'Maria' });
    const c = await t.loginAs(m);
    const res = await c.post('/api/editMember', {
      id: String(m.id),
      f_name: '  Maria ',
      m_name: '',
      email: 'maria.clara@example.ph',
      current_password: m.password,
      contact_no: '09998887777',
      gender: 'female',
      birthdate: '1990-02-28',
      address_region: '1300000000',
      address_city: '1381300000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      member: { id: m.id, f_name: 'Maria', m_name: null, email: 'maria.clara@example.ph' },
    });
    expect(await t.services.members.findById(m.id)).toMatchObject({
      f_name: 'Maria',
      gender: 'female',
      birthdate: '1990-02-28',
      address_city: '1381300000',
      contact_no: '09998887777',
    });
  });

  it('refuses an agent editing another member, with nothing changed', async () => {
    const me = await t.createMember();
    const other = await t.createMember();
    const res = await (await t.loginAs(me)).post('/api/editMember', { id: other.id, f_name: 'Hacked' });
    expect(res.statusCode).toBe(403);
    expect((await t.services.members.findById(other.id))!.f_name).not.toBe('Hacked');
  });

  it.each(['status', 'position', 'account_type', 'referral_code', 'username', 'password'])(
    'answers 403 when an agent sends the admin-only field %s',
    async (field) => {
      const m = await t.createMember();
      const values: Record<string, string> = {
        status: 'Approved',
        position: 'Manager',
        account_type: 'admin',
        referral_code: 'ABCDEFGH',
        username: 'newname_x',
        password: 'new-password-1',
      };
      const before = await t.services.members.findById(m.id);
      const res = await (await t.loginAs(m)).post('/api/editMember', { id: m.id, [field]: values[field] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: `Only administrators may change ${field}` });
      expect(await t.services.members.findById(m.id)).toEqual(before);
    },
  );

  it('refuses a manager field from anyone: the manager is derived', async () => {
    const admin = await t.loginAs(await t.createAdmin());
    const m = await t.createMember();
    const res = await admin.post('/api/editMember', { id: m.id, manager: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The manager is derived from the sponsor chain and cannot be set');
  });

  it('lets an admin change status, position, account type and the rest', async () => {
    const admin = await t.loginAs(await t.createAdmin());
    const m = await t.createMember({ status: 'Pending' });
    const res = await admin.post('/api/editMember', {
      id: m.id,
      status: 'Approved',
      position: 'Manager',
      account_type: 'user',
      l_name: 'Reyes',
      reg_date: '2025-01-15',
      address: '12 Mabini St, Manila',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().member).toMatchObject({ status: 'Approved', position: 'Manager', l_name: 'Reyes', address: '12 Mabini St, Manila' });
    expect(res.json().member.reg_date).toBe('2025-01-15T00:00:00.000Z');
    expect(res.json().member).not.toHaveProperty('password_hash');
  });

  it('lets an admin set a password, which ends the member’s sessions', async () => {
    const admin = await t.loginAs(await t.createAdmin());
    const m = await t.createMember();
    const agent = await t.loginAs(m);
    expect((await admin.post('/api/editMember', { id: m.id, password: 'brand-new-pass' })).statusCode).toBe(200);
    expect((await agent.get('/api/me')).statusCode).toBe(401);
    await t.loginAs({ username: m.username, password: 'brand-new-pass' });
  });

  it.each([
    [{ status: 'Active' }, 'Status must be one of Pending, Approved'],
    [{ position: 'Boss' }, 'Position must be one of Agent, Manager, AgencyManager, AgencyOwner'],
    [{ account_type: 'root' }, 'Account type must be one of user, admin'],
    [{ email: 'nope' }, 'Email is not a valid email address'],
    [{ contact_no: '0917-123' }, 'Contact number must be digits only, at most 11'],
    [{ birthdate: '2026-02-30' }, 'Birthday must be a real date (YYYY-MM-DD)'],
    [{ gender: 'other' }, 'Gender must be male or female'],
    [{ f_name: '' }, 'First name is required'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ nickname: 'x' }, 'Unrecognized key: "nickname"'],
  ])('answers 400 to %j and changes nothing', async (patch, message) => {
    const admin = await t.loginAs(await t.createAdmin());
    const m = await t.createMember();
    const before = await t.services.members.findById(m.id);
    const res = await admin.post('/api/editMember', { id: m.id, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await t.services.members.findById(m.id)).toEqual(before);
    expect(await auditOf(t, m.id)).toEqual([]);
  });

  it('answers 400 when nothing would change, 404 for an unknown member, 409 for a taken username', async () => {
    const admin = await t.loginAs(await t.createAdmin());
    const m = await t.createMember();
    const other = await t.createMember();
    expect((await admin.post('/api/editMember', { id: m.id })).json()).toEqual({ error: 'No changes to save' });
    const unknown = await admin.post('/api/editMember', { id: 999999, f_name: 'X' });
    expect(unknown.statusCode).toBe(404);
    const taken = await admin.post('/api/editMember', { id: m.id, username: other.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'Username is already taken' });
    const bad = await admin.post('/api/editMember', { id: 'abc', f_name: 'X' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 401 to anyone logged out and 403 without CSRF', async () => {
    const m = await t.createMember();
    expect((await t.client().post('/api/editMember', { id: m.id, f_name: 'X' })).statusCode).toBe(401);
    const c = await t.loginAs(m);
    expect((await c.post('/api/editMember', { id: m.id, f_name: 'X' }, { csrf: 'wrong' })).statusCode).toBe(403);
  });

  it('keeps at least one administrator: the only one cannot make themselves an agent (403, their own account type)', async () => {
    const s = await startTestApp();
    try {
      const a = await s.createAdmin();
      const c = await s.loginAs(a);
      const res = await c.post('/api/editMember', { id: a.id, account_type: 'user' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: SELF_ROLE_CHANGE_REFUSED });
      expect((await s.services.members.findById(a.id))!.account_type).toBe('admin');
    } finally {
      await s.close();
    }
  });
});

describe('the audit trail: POST /api/memberhistory', () => {
  it('records an admin edit with the fields that really changed, a password apart, newest first; never a password', async () => {
    const adminMember = await t.createAdmin();
    const admin = await t.loginAs(adminMember);
    const m = await t.createMember({ l_name: 'Reyes' });
    const before = (await t.services.members.findById(m.id))!;
    const res = await admin.post(routes.editMember.path, {
      id: m.id,
      f_name: 'Maria',
      l_name: 'Reyes', // unchanged: not recorded
      position: 'Manager',
      password: 'a-new-secret-1',
    });
    expect(res.statusCode).toBe(200);
    expect((await admin.post(routes.changePassword.path, { id: m.id, password: 'another-secret-2' })).statusCode).toBe(200);
    expect((await admin.post(routes.editMember.path, { id: m.id, status: 'Pending' })).statusCode).toBe(200);
    expect((await admin.post(routes.approveMember.path, { id: m.id })).statusCode).toBe(200);

    const history = await admin.post(routes.memberHistory.path, { id: m.id });
    expect(history.statusCode).toBe(200);
    const actor = { id: adminMember.id, f_name: expect.any(String), m_name: null, l_name: expect.any(String) };
    const entries = history.json() as MemberAuditEntry[];
    expect(entries).toEqual([
      { id: expect.any(Number), at: expect.any(String), action: 'approved', actor, changes: [] },
      {
        id: expect.any(Number),
        at: expect.any(String),
        action: 'edited',
        actor,
        changes: [{ field: 'status', from: 'Approved', to: 'Pending' }],
      },
      { id: expect.any(Number), at: expect.any(String), action: 'password_changed', actor, changes: [] },
      { id: expect.any(Number), at: expect.any(String), action: 'password_changed', actor, changes: [] },
      {
        id: expect.any(Number),
        at: expect.any(String),
        action: 'edited',
        actor,
        changes: [
          { field: 'f_name', from: before.f_name, to: 'Maria' },
          { field: 'position', from: 'Agent', to: 'Manager' },
        ],
      },
    ]);
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((x, y) => y - x));
    expect(Date.parse(entries[0]!.at)).toBeGreaterThanOrEqual(Date.parse(entries[4]!.at));
    const stored = JSON.stringify(await auditOf(t, m.id));
    expect(stored + history.body).not.toMatch(/secret|password_hash|\$argon|\$scrypt/);
  });

  it('records nothing for an agent’s own edit or password, nor for a refused admin edit', async () => {
    const admin = await t.loginAs(await t.createAdmin());
    const m = await t.createMember();
    const other = await t.createMember();
    const agent = await t.loginAs(m);
    expect((await agent.post(routes.editMember.path, { id: m.id, address_street: 'Self St' })).statusCode).toBe(200);
    expect(
      (await agent.post(routes.changePassword.path, { id: m.id, password: 'my-own-secret-1', current_password: m.password })).statusCode,
    ).toBe(200);
    expect((await admin.post(routes.editMember.path, { id: m.id, username: other.username })).statusCode).toBe(409);
    expect((await admin.post(routes.editMember.path, { id: m.id, position: 'Chief' })).statusCode).toBe(400);
    expect((await admin.post(routes.changePassword.path, { id: m.id, password: '   ' })).statusCode).toBe(400);
    expect((await admin.post(routes.memberHistory.path, { id: m.id })).json()).toEqual([]);
  });

  it('answers 404 unknown, 400 bad id, 403 an agent (even about themselves), 401 logged out', async () => {
    const admin = await t.loginAs(await t.createAdmin());
    const m = await t.createMember();
    expect((await admin.post(routes.memberHistory.path, { id: 987654 })).statusCode).toBe(404);
    expect((await admin.post(routes.memberHistory.path, { id: 1.5 })).statusCode).toBe(400);
    expect((await (await t.loginAs(m)).post(routes.memberHistory.path, { id: m.id })).statusCode).toBe(403);
    expect((await t.client().post(routes.memberHistory.path, { id: m.id })).statusCode).toBe(401);
  });
});
