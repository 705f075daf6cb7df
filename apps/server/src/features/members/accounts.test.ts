import { SELF_ROLE_CHANGE_REFUSED, type MemberListRecord } from '@ahente/contract/members';
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

describe('the last approved administrator', () => {
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
      // Never their own (decision 011), and a Pending admin does not count: a is the last approved
      // one.
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
