import type { MemberRecord } from '@ahente/contract/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /api/editMember', () => {
  it('lets an agent change their own personal fields', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    const res = await c.post('/api/editMember', {
      id: String(m.id),
      f_name: '  Maria ',
      m_name: '',
      email: 'maria.clara@example.ph',
      contact_no: '09998887777',
      gender: 'female',
      birthdate: '1990-02-28',
      address_city: 'Quezon City',
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
      address_city: 'Quezon City',
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

  it('keeps at least one administrator', async () => {
    const s = await startTestApp();
    try {
      const a = await s.createAdmin();
      const c = await s.loginAs(a);
      const res = await c.post('/api/editMember', { id: a.id, account_type: 'user' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'At least one approved administrator must remain' });
      expect((await s.services.members.findById(a.id))!.account_type).toBe('admin');
    } finally {
      await s.close();
    }
  });
});

describe('the last approved administrator (issue 7, finding 5)', () => {
  it('refuses to let the only admin set themselves Pending, and they stay logged in', async () => {
    const s = await startTestApp();
    try {
      const a = await s.createAdmin();
      const c = await s.loginAs(a);
      const res = await c.post('/api/editMember', { id: a.id, status: 'Pending' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'At least one approved administrator must remain' });
      expect((await s.services.members.findById(a.id))!.status).toBe('Approved');
      expect((await c.get('/api/me')).statusCode).toBe(200);
      expect((await s.client().post('/api/login', { username: a.username, password: a.password })).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('lets an admin step down while another approved admin remains, but never the last one', async () => {
    const s = await startTestApp();
    try {
      const a = await s.createAdmin();
      const b = await s.createAdmin();
      const pendingAdmin = await s.createMember({ account_type: 'admin', status: 'Pending' });
      const ca = await s.loginAs(a);
      expect((await ca.post('/api/editMember', { id: b.id, status: 'Pending' })).statusCode).toBe(200);
      // A Pending admin does not count: a is the last approved one.
      expect((await ca.post('/api/editMember', { id: a.id, account_type: 'user' })).statusCode).toBe(409);
      expect((await ca.post('/api/editMember', { id: a.id, status: 'Pending' })).statusCode).toBe(409);
      expect((await s.services.members.findById(a.id))!).toMatchObject({ account_type: 'admin', status: 'Approved' });
      expect((await s.services.members.findById(pendingAdmin.id))!.status).toBe('Pending');
    } finally {
      await s.close();
    }
  });

  it('keeps one approved admin when two admins demote each other at the same moment', async () => {
    const s = await startTestApp();
    try {
      for (let round = 0; round < 5; round++) {
        const a = await s.createAdmin();
        const b = await s.createAdmin();
        // Only these two are approved admins: earlier rounds' survivors step aside first.
        const others = (await s.services.members.listAll()).filter(
          (m) => m.account_type === 'admin' && m.status === 'Approved' && m.id !== a.id && m.id !== b.id,
        );
        const ca = await s.loginAs(a);
        for (const o of others) expect((await ca.post('/api/editMember', { id: o.id, status: 'Pending' })).statusCode).toBe(200);
        // Through the service, so both edits are inside their transactions at once (over HTTP the
        // first to commit would end the other's session before its request is even read).
        const as = (m: { id: number }) => ({ memberId: m.id, accountType: 'admin' as const, sessionId: `s${m.id}` });
        const results = await Promise.allSettled([
          s.services.members.edit(as(a), { id: b.id, status: 'Pending' }),
          s.services.members.edit(as(b), { id: a.id, account_type: 'user' }),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
        const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toMatchObject({ statusCode: 409, message: 'At least one approved administrator must remain' });
        const approvedAdmins = (await s.services.members.listAll()).filter((m) => m.account_type === 'admin' && m.status === 'Approved');
        expect(approvedAdmins).toHaveLength(1);
      }
    } finally {
      await s.close();
    }
  });

  it('creates an administrator at start when the only admin left is not approved', async () => {
    const s = await startTestApp();
    try {
      await s.createMember({ account_type: 'admin', status: 'Pending' });
      const created = await s.services.members.ensureAdmin();
      expect(created).toMatchObject({ username: 'admin', generatedPassword: expect.any(String) });
      expect((await s.client().post('/api/login', { username: 'admin', password: created!.generatedPassword! })).statusCode).toBe(200);
      expect(await s.services.members.ensureAdmin()).toBeNull();
    } finally {
      await s.close();
    }
  });

  it('treats only the admin account type as an administrator', async () => {
    const s = await startTestApp();
    try {
      const m = await s.createMember();
      const c = await s.loginAs(m);
      await s.db.db
        .updateTable('members')
        .set({ account_type: 'superuser' as 'admin' })
        .where('id', '=', m.id)
        .execute();
      expect((await c.post('/api/adminmemberrecords', { id: m.id })).statusCode).toBe(403);
      expect((await c.post('/api/createsection', { name: 'Not for you' })).statusCode).toBe(403);
    } finally {
      await s.close();
    }
  });
});

describe('POST /api/changepassword', () => {
  it('changes one’s own password, keeps this session and ends the others', async () => {
    const m = await t.createMember();
    const here = await t.loginAs(m);
    const elsewhere = await t.loginAs(m);
    const res = await here.post('/api/changepassword', { id: m.id, password: 'another-secret-9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await here.get('/api/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(401);
    const old = await t.client().post('/api/login', { username: m.username, password: m.password });
    expect(old.statusCode).toBe(401);
    await t.loginAs({ username: m.username, password: 'another-secret-9' });
  });

  it('lets an admin change anyone’s password and ends their sessions', async () => {
    const admin = await t.loginAs(await t.createAdmin());
    const m = await t.createMember();
    const agent = await t.loginAs(m);
    expect((await admin.post('/api/changepassword', { id: m.id, password: 'temp-pass-123' })).statusCode).toBe(200);
    expect((await agent.get('/api/me')).statusCode).toBe(401);
    expect((await admin.get('/api/me')).statusCode).toBe(200);
  });

  it('refuses another agent’s password (403), bad input (400), logged out (401), unknown (404)', async () => {
    const m = await t.createMember();
    const other = await t.createMember();
    const c = await t.loginAs(m);
    expect((await c.post('/api/changepassword', { id: other.id, password: 'takeover-123' })).statusCode).toBe(403);
    const stillOld = await t.client().post('/api/login', { username: other.username, password: other.password });
    expect(stillOld.statusCode).toBe(200);
    const blank = await c.post('/api/changepassword', { id: m.id, password: '         ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Password cannot be empty!');
    expect((await c.post('/api/changepassword', { id: m.id })).statusCode).toBe(400);
    expect((await t.client().post('/api/changepassword', { id: m.id, password: 'whatever-123' })).statusCode).toBe(401);
    const admin = await t.loginAs(await t.createAdmin());
    expect((await admin.post('/api/changepassword', { id: 987654, password: 'whatever-123' })).statusCode).toBe(404);
  });
});

describe('POST /api/adminmemberrecords', () => {
  it('lists every member with the hierarchy derived from the sponsor chain, to admins only', async () => {
    const s = await startTestApp();
    try {
      const admin = await s.createAdmin();
      const owner = await s.createMember({ position: 'AgencyOwner' });
      const am = await s.createMember({ position: 'AgencyManager', referror: owner.id });
      const mgr = await s.createMember({ position: 'Manager', referror: am.id });
      const agent = await s.createMember({ referror: mgr.id });
      const recruit = await s.createMember({ referror: agent.id, status: 'Pending' });

      const c = await s.loginAs(admin);
      const res = await c.post('/api/adminmemberrecords', { id: admin.id });
      expect(res.statusCode).toBe(200);
      const list = res.json() as MemberRecord[];
      expect(list).toHaveLength(6);
      expect(JSON.stringify(list)).not.toContain('password');
      const row = list.find((r) => r.id === recruit.id)!;
      expect(row).toMatchObject({
        status: 'Pending',
        referror: agent.id,
        manager: mgr.id,
        referror_details: { id: agent.id },
        manager_details: { id: mgr.id },
        agency_manager_details: { id: am.id },
        agency_owner_details: { id: owner.id },
      });
      expect(list.find((r) => r.id === mgr.id)).toMatchObject({ manager: null, agency_manager_details: { id: am.id } });

      // Promote the agent: everyone below sees the new manager at once.
      expect((await c.post('/api/editMember', { id: agent.id, position: 'Manager' })).statusCode).toBe(200);
      const after = (await c.post('/api/adminmemberrecords', { id: admin.id })).json() as MemberRecord[];
      expect(after.find((r) => r.id === recruit.id)).toMatchObject({ manager: agent.id, manager_details: { id: agent.id } });
    } finally {
      await s.close();
    }
  });

  it('answers 401 logged out, 403 to an agent, 400 to a bad body', async () => {
    const m = await t.createMember();
    expect((await t.client().post('/api/adminmemberrecords', { id: m.id })).statusCode).toBe(401);
    const agent = await t.loginAs(m);
    const res = await agent.post('/api/adminmemberrecords', { id: m.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Only administrators may do this' });
    const admin = await t.loginAs(await t.createAdmin());
    expect((await admin.post('/api/adminmemberrecords', { id: 'x' })).statusCode).toBe(400);
  });
});
