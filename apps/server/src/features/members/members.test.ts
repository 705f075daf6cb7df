import {
  SELF_ROLE_CHANGE_REFUSED,
  type MemberAuditEntry,
  type MemberListRecord,
  type MemberSearchResponse,
} from '@ahente/contract/members';
import type { RootOperationNode } from 'kysely';
import { routes } from '@ahente/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

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

describe('the last approved administrator (issue 7, finding 5)', () => {
  it('refuses to let the only admin set themselves Pending, and they stay logged in', async () => {
    const s = await startTestApp();
    try {
      const a = await s.createAdmin();
      const c = await s.loginAs(a);
      const res = await c.post('/api/editMember', { id: a.id, status: 'Pending' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: SELF_ROLE_CHANGE_REFUSED });
      expect((await s.services.members.findById(a.id))!.status).toBe('Approved');
      expect((await c.get('/api/me')).statusCode).toBe(200);
      expect((await s.client().post('/api/login', { username: a.username, password: a.password })).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('lets an admin demote another while an approved admin remains; never themselves, nor the last one', async () => {
    const s = await startTestApp();
    try {
      const a = await s.createAdmin();
      const b = await s.createAdmin();
      const pendingAdmin = await s.createMember({ account_type: 'admin', status: 'Pending' });
      const ca = await s.loginAs(a);
      expect((await ca.post('/api/editMember', { id: b.id, status: 'Pending' })).statusCode).toBe(200);
      // Never their own (issue 42 §8), and a Pending admin does not count: a is the last approved one.
      expect((await ca.post('/api/editMember', { id: a.id, account_type: 'user' })).statusCode).toBe(403);
      expect((await ca.post('/api/editMember', { id: a.id, status: 'Pending' })).statusCode).toBe(403);
      // The rule of the last admin still holds below the route (two admins demoting each other at once, next test).
      await expect(
        s.services.members.edit(
          { memberId: b.id, accountType: 'admin' as const, sessionId: `s${b.id}` },
          { id: a.id, status: 'Pending' },
          s.app.log,
        ),
      ).rejects.toMatchObject({ statusCode: 409, message: 'At least one approved administrator must remain' });
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
        const others = (await s.services.team.listAll()).filter(
          (m) => m.account_type === 'admin' && m.status === 'Approved' && m.id !== a.id && m.id !== b.id,
        );
        const ca = await s.loginAs(a);
        for (const o of others) expect((await ca.post('/api/editMember', { id: o.id, status: 'Pending' })).statusCode).toBe(200);
        // Through the service, so both edits are inside their transactions at once (over HTTP the
        // first to commit would end the other's session before its request is even read).
        const as = (m: { id: number }) => ({ memberId: m.id, accountType: 'admin' as const, sessionId: `s${m.id}` });
        const results = await Promise.allSettled([
          s.services.members.edit(as(a), { id: b.id, status: 'Pending' }, s.app.log),
          s.services.members.edit(as(b), { id: a.id, account_type: 'user' }, s.app.log),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
        const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toMatchObject({ statusCode: 409, message: 'At least one approved administrator must remain' });
        const approvedAdmins = (await s.services.team.listAll()).filter((m) => m.account_type === 'admin' && m.status === 'Approved');
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
      const created = await s.services.accounts.ensureAdmin();
      expect(created).toMatchObject({ username: 'admin', generatedPassword: expect.any(String) });
      expect((await s.client().post('/api/login', { username: 'admin', password: created!.generatedPassword! })).statusCode).toBe(200);
      expect(await s.services.accounts.ensureAdmin()).toBeNull();
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
    const res = await here.post('/api/changepassword', { id: m.id, password: 'another-secret-9', current_password: m.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await here.get('/api/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(401);
    const old = await t.client().post('/api/login', { username: m.username, password: m.password });
    expect(old.statusCode).toBe(401);
    await t.loginAs({ username: m.username, password: 'another-secret-9' });
  });

  it('lets an admin change anyone’s password without theirs and ends their sessions', async () => {
    const admin = await t.loginAs(await t.createAdmin());
    const m = await t.createMember();
    const agent = await t.loginAs(m);
    expect((await admin.post('/api/changepassword', { id: m.id, password: 'temp-pass-123' })).statusCode).toBe(200);
    expect((await agent.get('/api/me')).statusCode).toBe(401);
    expect((await admin.get('/api/me')).statusCode).toBe(200);
    expect((await t.client().post('/api/login', { username: m.username, password: m.password })).statusCode).toBe(401);
    await t.loginAs({ username: m.username, password: 'temp-pass-123' });
  });

  it('refuses one’s own change with a missing, wrong or unchanged current password, and changes nothing', async () => {
    const m = await t.createMember();
    const here = await t.loginAs(m);
    const elsewhere = await t.loginAs(m);
    const before = await t.db.db.selectFrom('members').select('password_hash').where('id', '=', m.id).executeTakeFirstOrThrow();
    for (const [body, error] of [
      [{ id: m.id, password: 'brand-new-pass-1' }, 'Current password is required'],
      [{ id: m.id, password: 'brand-new-pass-1', current_password: '' }, 'Current password is required'],
      [{ id: m.id, password: 'brand-new-pass-1', current_password: 'not-the-password' }, 'Current password is incorrect'],
      [{ id: m.id, password: 'brand-new-pass-1', current_password: ` ${m.password}` }, 'Current password is incorrect'],
      [{ id: m.id, password: m.password, current_password: m.password }, 'New password must differ from the current one'],
    ] as const) {
      const res = await here.post('/api/changepassword', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ error });
    }
    expect(await t.db.db.selectFrom('members').select('password_hash').where('id', '=', m.id).executeTakeFirstOrThrow()).toEqual(before);
    expect((await here.get('/api/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(200);
    expect((await t.client().post('/api/login', { username: m.username, password: m.password })).statusCode).toBe(200);
    expect((await t.client().post('/api/login', { username: m.username, password: 'brand-new-pass-1' })).statusCode).toBe(401);
  });

  it('refuses another agent’s password (403), bad input (400), logged out (401), unknown (404)', async () => {
    const m = await t.createMember();
    const other = await t.createMember();
    const c = await t.loginAs(m);
    const takeover = await c.post('/api/changepassword', { id: other.id, password: 'takeover-123', current_password: other.password });
    expect(takeover.statusCode).toBe(403);
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
      const list = res.json() as MemberListRecord[];
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
      const after = (await c.post('/api/adminmemberrecords', { id: admin.id })).json() as MemberListRecord[];
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

const auditOf = (app: TestApp, memberId: number) =>
  app.db.db.selectFrom('member_audit').selectAll().where('member_id', '=', memberId).orderBy('id').execute();

describe('POST /api/adminmembersearch', () => {
  it('searches first, middle and last name joined, in any case, with LIKE wildcards taken literally', async () => {
    const s = await startTestApp();
    try {
      const admin = await s.loginAs(await s.createAdmin());
      const mk = (f_name: string, m_name: string | null, l_name: string) => s.createMember({ f_name, m_name, l_name });
      const joined = await mk('Jose', 'Protacio', 'Rizal');
      const noMiddle = await mk('JOSE', null, 'Rizal');
      const underscore = await mk('Ana_Belle', null, 'Cruz');
      const lookalike = await mk('AnaXBelle', null, 'Cruz');
      const percent = await mk('Pct100%', null, 'Off');
      const notPercent = await mk('Pct1000', null, 'Off');
      const slash = await mk('Back\\slash', null, 'Reyes');
      const enye = await mk('Ñino', null, 'Dela Cruz');
      const search = async (q: string) => {
        const res = await admin.post(routes.adminMemberSearch.path, { id: 1, q, page: 1, pageSize: 100, sort: 'id' });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as MemberSearchResponse).rows.map((r) => r.id);
      };
      expect(await search('jose protacio rizal')).toEqual([joined.id]);
      expect(await search('  PROTACIO   rIzAl ')).toEqual([joined.id]);
      expect(await search('jose rizal')).toEqual([noMiddle.id]); // the middle name is part of the joined name
      expect(await search('Rizal')).toEqual([joined.id, noMiddle.id]);
      expect(await search('ana_b')).toEqual([underscore.id]);
      expect(await search('_')).toEqual([underscore.id]);
      expect(await search('100%')).toEqual([percent.id]);
      expect(await search('%')).toEqual([percent.id]);
      expect(await search('k\\s')).toEqual([slash.id]);
      expect(await search('ñino dela')).toEqual([enye.id]);
      expect(await search('nobody like this')).toEqual([]);
      expect(await search('pct10')).toEqual([percent.id, notPercent.id]);
      expect(lookalike.id).toBeGreaterThan(0);
      // A renamed member is found under the new name only.
      expect((await admin.post(routes.editMember.path, { id: lookalike.id, m_name: 'Marie' })).statusCode).toBe(200);
      expect(await search('anaxbelle marie cruz')).toEqual([lookalike.id]);
      expect(await search('anaxbelle cruz')).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('pages by id with totals, derives the hierarchy of the page, and leaves deactivated members out', async () => {
    const s = await startTestApp();
    try {
      const adminMember = await s.createAdmin();
      const admin = await s.loginAs(adminMember);
      const mgr = await s.createMember({ position: 'Manager', f_name: 'Boss', l_name: 'Pager' });
      const ids = [mgr.id];
      for (let i = 0; i < 29; i++) ids.push((await s.createMember({ f_name: `P${i}`, l_name: 'Pager', referror: mgr.id })).id);
      const gone = ids.pop()!;
      expect((await admin.post(routes.deactivateMember.path, { id: gone })).statusCode).toBe(200);

      const page = async (body: Record<string, unknown>) => {
        const res = await admin.post(routes.adminMemberSearch.path, { id: adminMember.id, sort: 'id', ...body });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as MemberSearchResponse;
      };
      const first = await page({ q: 'pager', page: 1, pageSize: 25 });
      expect(first).toMatchObject({ total: 29, page: 1, pageSize: 25 });
      expect(first.rows.map((r) => r.id)).toEqual(ids.slice(0, 25));
      expect(first.rows[1]).toMatchObject({ referror: mgr.id, manager: mgr.id, manager_details: { id: mgr.id, f_name: 'Boss' } });
      expect(first.rows[0]).toMatchObject({ id: mgr.id, manager: null, referror_details: null });
      expect(JSON.stringify(first)).not.toContain('password');
      const second = await page({ q: 'pager', page: 2, pageSize: 25 });
      expect(second).toMatchObject({ total: 29, page: 2 });
      expect(second.rows.map((r) => r.id)).toEqual(ids.slice(25));
      expect(await page({ q: 'pager', page: 3, pageSize: 25 })).toEqual({
        total: 29,
        page: 3,
        pageSize: 25,
        rows: [],
        counts: { Pending: 0, Approved: 29 },
      });
      // Without a query: everyone active, admin included; defaults page 1 of 25.
      const all = await page({});
      expect(all).toMatchObject({ total: 30, page: 1, pageSize: 25 });
      expect(all.rows[0]!.id).toBe(adminMember.id);
      // Without a sort: newest first (all of them Approved here).
      const newest = (await admin.post(routes.adminMemberSearch.path, { id: adminMember.id })).json() as MemberSearchResponse;
      expect(newest.rows[0]!.id).toBe(ids.at(-1));
      expect((await page({ q: '', pageSize: 50 })).rows.map((r) => r.id)).not.toContain(gone);
      // adminmemberrecords: still the full list, without the deactivated member.
      const list = (await admin.post(routes.adminMemberRecords.path, { id: adminMember.id })).json() as MemberListRecord[];
      expect(list).toHaveLength(30);
      expect(list.map((r) => r.id)).not.toContain(gone);
      expect(list.find((r) => r.id === ids[3])).toMatchObject({ manager: mgr.id, referror_details: { id: mgr.id } });
    } finally {
      await s.close();
    }
  });

  it.each([
    [{ page: 0 }, 'page must be at least 1'],
    [{ page: 1.5 }, 'page must be a whole number'],
    [{ page: 'two' }, 'page must be a number'],
    [{ pageSize: 10 }, 'pageSize must be one of 25, 50, 100'],
    [{ pageSize: 1000 }, 'pageSize must be one of 25, 50, 100'],
    [{ q: 'x'.repeat(201) }, 'Search must be at most 200 characters'],
    [{ order: 'name' }, 'Unrecognized key: "order"'],
    [{ status: 'Deactivated' }, 'status must be one of Pending, Approved'],
    [{ status: 'pending' }, 'status must be one of Pending, Approved'],
    [{ status: '' }, 'status must be one of Pending, Approved'],
    [{ sort: 'password_hash' }, 'sort must be one of id, name, username, email, referral_code, position, reg_date, status'],
    [{ sort: 'id; drop table members' }, 'sort must be one of id, name, username, email, referral_code, position, reg_date, status'],
    [{ sort: ['name'] }, 'sort must be one of id, name, username, email, referral_code, position, reg_date, status'],
    [{ sort: 'name', dir: 'up' }, 'dir must be one of asc, desc'],
    [{ sort: 'name', dir: 'desc, id' }, 'dir must be one of asc, desc'],
  ])('answers 400 to %j', async (patch, message) => {
    const admin = await t.loginAs(await t.createAdmin());
    const res = await admin.post(routes.adminMemberSearch.path, { id: 1, q: '', page: 1, pageSize: 25, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('lists Pending first, then newest, by default; filters by status with the counts of each; sorts by an allowed column', async () => {
    const s = await startTestApp();
    try {
      const adminMember = await s.createAdmin();
      const admin = await s.loginAs(adminMember);
      const mk = async (f_name: string, status: 'Pending' | 'Approved', reg_date: string, position: 'Agent' | 'Manager' = 'Agent') => {
        const m = await s.createMember({ f_name, l_name: 'Sortable', status, position });
        expect((await admin.post(routes.editMember.path, { id: m.id, reg_date })).statusCode).toBe(200);
        return { ...m, f_name };
      };
      const oldApproved = await mk('Bea', 'Approved', '2025-01-10', 'Manager');
      const oldPending = await mk('Cora', 'Pending', '2025-02-10');
      const newApproved = await mk('Abel', 'Approved', '2026-06-01');
      const newPending = await mk('Dina', 'Pending', '2026-05-01', 'Manager');
      const gone = await mk('Eli', 'Pending', '2026-07-01');
      expect((await admin.post(routes.deactivateMember.path, { id: gone.id })).statusCode).toBe(200);

      const search = async (body: Record<string, unknown>) => {
        const res = await admin.post(routes.adminMemberSearch.path, { id: adminMember.id, q: 'sortable', ...body });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as MemberSearchResponse;
      };
      const ids = async (body: Record<string, unknown>) => (await search(body)).rows.map((r) => r.id);

      // Pending first (newest of them first), then the others newest first; the deactivated left out.
      const byDefault = await search({});
      expect(byDefault.rows.map((r) => r.id)).toEqual([newPending.id, oldPending.id, newApproved.id, oldApproved.id]);
      expect(byDefault).toMatchObject({ total: 4, counts: { Pending: 2, Approved: 2 } });

      // The status filter: the total is the filter's, the counts stay those of the search.
      const pending = await search({ status: 'Pending' });
      expect(pending.rows.map((r) => r.id)).toEqual([newPending.id, oldPending.id]);
      expect(pending).toMatchObject({ total: 2, counts: { Pending: 2, Approved: 2 } });
      expect(await ids({ status: 'Approved' })).toEqual([newApproved.id, oldApproved.id]);
      expect((await search({ status: 'Pending', q: 'dina sortable' })).counts).toEqual({ Pending: 1, Approved: 0 });

      // Each column, both ways.
      const alphabetical = [newApproved.id, oldApproved.id, oldPending.id, newPending.id]; // Abel, Bea, Cora, Dina
      expect(await ids({ sort: 'name' })).toEqual(alphabetical);
      expect(await ids({ sort: 'name', dir: 'desc' })).toEqual([...alphabetical].reverse());
      expect(await ids({ sort: 'reg_date', dir: 'asc' })).toEqual([oldApproved.id, oldPending.id, newPending.id, newApproved.id]);
      expect(await ids({ sort: 'reg_date', dir: 'desc' })).toEqual([newApproved.id, newPending.id, oldPending.id, oldApproved.id]);
      expect(await ids({ sort: 'id' })).toEqual([oldApproved.id, oldPending.id, newApproved.id, newPending.id]);
      expect(await ids({ sort: 'id', dir: 'desc' })).toEqual([newPending.id, newApproved.id, oldPending.id, oldApproved.id]);
      // Equal values: newest id first, so a page never repeats or skips a member.
      expect(await ids({ sort: 'status' })).toEqual([newPending.id, oldPending.id, newApproved.id, oldApproved.id]);
      expect(await ids({ sort: 'status', dir: 'desc' })).toEqual([newApproved.id, oldApproved.id, newPending.id, oldPending.id]);
      expect(await ids({ sort: 'position' })).toEqual([newApproved.id, oldPending.id, newPending.id, oldApproved.id]);
      const byUsername = [oldApproved, oldPending, newApproved, newPending].sort((a, b) => (a.username < b.username ? -1 : 1));
      expect(await ids({ sort: 'username' })).toEqual(byUsername.map((m) => m.id));
      expect(await ids({ sort: 'email', dir: 'desc' })).toEqual(byUsername.map((m) => m.id).reverse());
      const byCode = [oldApproved, oldPending, newApproved, newPending].sort((a, b) => (a.referral_code < b.referral_code ? -1 : 1));
      expect(await ids({ sort: 'referral_code' })).toEqual(byCode.map((m) => m.id));

      // Filter, sort and paging together.
      const page2 = await search({ sort: 'name', pageSize: 25, page: 2 });
      expect(page2).toMatchObject({ total: 4, rows: [] });
    } finally {
      await s.close();
    }
  });

  it('answers 401 logged out and 403 to an agent', async () => {
    const m = await t.createMember();
    expect((await t.client().post(routes.adminMemberSearch.path, { id: m.id })).statusCode).toBe(401);
    const res = await (await t.loginAs(m)).post(routes.adminMemberSearch.path, { id: m.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Only administrators may do this' });
  });
});

describe('POST /api/adminmembercounts', () => {
  it('counts the active members by status; approving and deactivating change the counts', async () => {
    const s = await startTestApp();
    try {
      const adminMember = await s.createAdmin();
      const admin = await s.loginAs(adminMember);
      const counts = async () => {
        const res = await admin.post(routes.adminMemberCounts.path, { id: adminMember.id });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      // The first admin made at start (ensureAdmin) may be there too: count from what is there.
      const before = await counts();
      const a = await s.createMember({ status: 'Pending' });
      const b = await s.createMember({ status: 'Pending' });
      await s.createMember();
      expect(await counts()).toEqual({
        total: before.total + 3,
        byStatus: { Pending: before.byStatus.Pending + 2, Approved: before.byStatus.Approved + 1 },
      });
      expect((await admin.post(routes.approveMember.path, { id: a.id })).statusCode).toBe(200);
      expect((await admin.post(routes.deactivateMember.path, { id: b.id })).statusCode).toBe(200);
      expect(await counts()).toEqual({
        total: before.total + 2,
        byStatus: { Pending: before.byStatus.Pending, Approved: before.byStatus.Approved + 2 },
      });
    } finally {
      await s.close();
    }
  });

  it('answers 401 logged out, 403 to an agent, 400 to a bad body', async () => {
    const m = await t.createMember();
    expect((await t.client().post(routes.adminMemberCounts.path, { id: m.id })).statusCode).toBe(401);
    const agent = await (await t.loginAs(m)).post(routes.adminMemberCounts.path, { id: m.id });
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toEqual({ error: 'Only administrators may do this' });
    const admin = await t.loginAs(await t.createAdmin());
    for (const body of [{ id: 'x' }, {}, { id: -1 }]) {
      const res = await admin.post(routes.adminMemberCounts.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });
});

describe('POST /api/approvemember', () => {
  it('approves a Pending member in one call, who can then log in; recorded once', async () => {
    const adminMember = await t.createAdmin();
    const admin = await t.loginAs(adminMember);
    const m = await t.createMember({ status: 'Pending' });
    expect((await t.client().post(routes.login.path, { username: m.username, password: m.password })).statusCode).toBe(403);
    const res = await admin.post(routes.approveMember.path, { id: m.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, member: { id: m.id, status: 'Approved' } });
    await t.loginAs(m);
    const again = await admin.post(routes.approveMember.path, { id: m.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Member is already approved' });
    expect(await auditOf(t, m.id)).toEqual([
      { id: expect.any(Number), member_id: m.id, actor_id: adminMember.id, action: 'approved', changes: '[]', at: expect.any(String) },
    ]);
  });

  it('approves once when two admins approve at the same moment: the other gets 409, one audit entry', async () => {
    const a = await t.createAdmin();
    const b = await t.createAdmin();
    const m = await t.createMember({ status: 'Pending' });
    const as = (x: { id: number }) => ({ memberId: x.id, accountType: 'admin' as const, sessionId: `s${x.id}` });
    const results = await Promise.allSettled([t.services.accounts.approve(as(a), m.id), t.services.accounts.approve(as(b), m.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 409, message: 'Member is already approved' });
    expect((await auditOf(t, m.id)).map((e) => e.action)).toEqual(['approved']);
  });

  it('answers 404 unknown or deactivated, 400 bad id, 403 an agent (even for themselves), 401 logged out; nothing saved', async () => {
    const admin = await t.loginAs(await t.createAdmin());
    const m = await t.createMember({ status: 'Pending' });
    expect((await admin.post(routes.approveMember.path, { id: 987654 })).statusCode).toBe(404);
    expect((await admin.post(routes.approveMember.path, { id: 'x' })).statusCode).toBe(400);
    expect((await t.client().post(routes.approveMember.path, { id: m.id })).statusCode).toBe(401);
    const agent = await t.createMember();
    expect((await (await t.loginAs(agent)).post(routes.approveMember.path, { id: m.id })).statusCode).toBe(403);
    expect((await (await t.loginAs(agent)).post(routes.approveMember.path, { id: agent.id })).statusCode).toBe(403);
    expect((await t.services.members.findById(m.id))!.status).toBe('Pending');
    expect((await admin.post(routes.deactivateMember.path, { id: m.id })).statusCode).toBe(200);
    const res = await admin.post(routes.approveMember.path, { id: m.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Member not found' });
    expect((await t.services.members.findById(m.id))!.status).toBe('Pending');
    expect((await auditOf(t, m.id)).map((a) => a.action)).toEqual(['deactivated']);
  });
});

describe('POST /api/deactivatemember', () => {
  it('ends the sessions, refuses login like wrong credentials, refuses the referral code; keeps deals, recruits and the chain', async () => {
    const adminMember = await t.createAdmin();
    const admin = await t.loginAs(adminMember);
    const m = await t.createMember();
    const recruit = await t.createMember({ referror: m.id });
    const agent = await t.loginAs(m);
    const deal = await agent.post(routes.addDeal.path, {
      id: m.id,
      customerName: 'Maria Clara',
      transactionType: 'New',
      product: 'Comprehensive',
      tcvValue: 1000,
      effectiveDate: '2026-03-15',
      salesType: 'Direct',
    });
    expect(deal.statusCode).toBe(200);

    const res = await admin.post(routes.deactivateMember.path, { id: m.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await agent.get(routes.me.path)).statusCode).toBe(401);
    const login = await t.client().post(routes.login.path, { username: m.username, password: m.password });
    const wrong = await t.client().post(routes.login.path, { username: m.username, password: 'not-the-password' });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ error: 'Invalid username or password' });
    expect(login.json()).toEqual(wrong.json());
    const signUp = await t.client().post(routes.register.path, {
      username: `late_${m.id}`,
      password: 'secret-pass-1',
      email: `late_${m.id}@example.ph`,
      lname: 'Cruz',
      fname: 'Juan',
      contact: '09171234567',
      refCode: m.referral_code,
      consent: true,
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toEqual({ error: 'Invalid referral code' });

    // Kept: the deals, the recruit's sponsor, and the history.
    expect((await admin.post(routes.getDeals.path, { id: m.id })).json()).toHaveLength(1);
    expect((await t.services.members.findById(recruit.id))!.referror).toBe(m.id);
    expect((await admin.post(routes.getHierarchy.path, { id: recruit.id })).json().referror).toBe(m.id);
    expect((await auditOf(t, m.id)).map((a) => [a.action, a.actor_id])).toEqual([['deactivated', adminMember.id]]);

    // Gone from the admin's lists, and closed to edits, passwords, approval and a second deactivation.
    expect(((await admin.post(routes.adminMemberRecords.path, { id: 1 })).json() as MemberListRecord[]).map((r) => r.id)).not.toContain(
      m.id,
    );
    const before = await t.db.db.selectFrom('members').selectAll().where('id', '=', m.id).executeTakeFirstOrThrow();
    for (const [path, body] of [
      [routes.editMember.path, { id: m.id, f_name: 'Back' }],
      [routes.changePassword.path, { id: m.id, password: 'back-again-123' }],
      [routes.approveMember.path, { id: m.id }],
      [routes.deactivateMember.path, { id: m.id }],
    ] as const) {
      const r = await admin.post(path, body);
      expect(r.statusCode, path).toBe(404);
      expect(r.json(), path).toEqual({ error: 'Member not found' });
    }
    expect(await t.db.db.selectFrom('members').selectAll().where('id', '=', m.id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await auditOf(t, m.id)).toHaveLength(1);
  });

  it('refuses deactivating oneself (409), unknown (404), bad id (400), an agent (403), logged out (401)', async () => {
    const adminMember = await t.createAdmin();
    const admin = await t.loginAs(adminMember);
    const self = await admin.post(routes.deactivateMember.path, { id: adminMember.id });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ error: 'You cannot deactivate your own account' });
    expect((await admin.get(routes.me.path)).statusCode).toBe(200);
    expect((await admin.post(routes.deactivateMember.path, { id: 987654 })).statusCode).toBe(404);
    expect((await admin.post(routes.deactivateMember.path, { id: '' })).statusCode).toBe(400);
    const m = await t.createMember();
    const agent = await t.loginAs(m);
    expect((await agent.post(routes.deactivateMember.path, { id: m.id })).statusCode).toBe(403);
    expect((await t.client().post(routes.deactivateMember.path, { id: m.id })).statusCode).toBe(401);
    expect((await agent.get(routes.me.path)).statusCode).toBe(200);
    expect(await auditOf(t, m.id)).toEqual([]);
    expect(await auditOf(t, adminMember.id)).toEqual([]);
  });

  it('keeps one approved administrator when two admins deactivate each other at the same moment', async () => {
    const s = await startTestApp();
    try {
      const a = await s.createAdmin();
      const b = await s.createAdmin();
      const as = (m: { id: number }) => ({ memberId: m.id, accountType: 'admin' as const, sessionId: `s${m.id}` });
      const results = await Promise.allSettled([s.services.accounts.deactivate(as(a), b.id), s.services.accounts.deactivate(as(b), a.id)]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ statusCode: 409, message: 'At least one approved administrator must remain' });
      const active = (await s.services.team.listAll()).filter((m) => m.account_type === 'admin');
      expect(active).toHaveLength(1);
      expect(await s.services.accounts.ensureAdmin()).toBeNull();
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

describe('changepassword ends the member’s other sessions', () => {
  it('for an admin changing their own: this session stays, their others end', async () => {
    const a = await t.createAdmin();
    const here = await t.loginAs(a);
    const elsewhere = await t.loginAs(a);
    const res = await here.post(routes.changePassword.path, { id: a.id, password: 'admins-new-pass-1', current_password: a.password });
    expect(res.statusCode, res.body).toBe(200);
    expect((await here.get(routes.me.path)).statusCode).toBe(200);
    expect((await elsewhere.get(routes.me.path)).statusCode).toBe(401);
    const rows = await t.db.db.selectFrom('sessions').select('id').where('member_id', '=', a.id).execute();
    expect(rows).toHaveLength(1);
  });
});

// The Members Record's default order (Pending first, then the newest) is read from an index at
// scale (migration 019, decision 035): the page's query must keep matching the index's expression.
describe("the Members Record's default page and its index", () => {
  it('reads the default order from members_list_order_idx, with no sort, on this database', async () => {
    const { CompiledQuery } = await import('kysely');
    const { membersRepository } = await import('./repository.ts');
    const nodes: RootOperationNode[] = [];
    const db = t.db.db.withPlugin({
      transformQuery: ({ node }) => {
        nodes.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    await membersRepository.searchPage(db, '', 25, 0);
    const page = nodes.map((node) => t.db.db.getExecutor().compileQuery(node, { queryId: 'plan' })).find((q) => /order by/i.test(q.sql));
    expect(page).toBeDefined();
    const plan = await t.db.db.transaction().execute(async (trx) => {
      if (t.db.dialect === 'postgres') {
        // A test's table is tiny: without these the planner reads it whole and sorts (rightly).
        await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
        await trx.executeQuery(CompiledQuery.raw('set local enable_sort = off'));
        const rows = (await trx.executeQuery(CompiledQuery.raw(`explain ${page!.sql}`, [...page!.parameters]))).rows;
        return rows.map((r) => String((r as Record<string, unknown>)['QUERY PLAN']));
      }
      const rows = (await trx.executeQuery(CompiledQuery.raw(`explain query plan ${page!.sql}`, [...page!.parameters]))).rows;
      return rows.map((r) => String((r as { detail: unknown }).detail));
    });
    expect(plan.join('\n')).toContain('members_list_order_idx');
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE FOR ORDER BY|^\s*Sort\b|->\s+Sort\b/m);
  });
});
