import type { HierarchyResponse, RecruitRecord } from '@ahente/contract/members';
import { routes } from '@ahente/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

/** Recruits, the derived hierarchy and team size (decision 011). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp['createMember']>>;
const name = (n: number, m?: string) => ({ f_name: `First${n}`, m_name: m ?? null, l_name: `Last${n}` });

/** owner (AgencyOwner) → am (AgencyManager) → mgr (Manager) → a1 → a2 → a3: six levels. */
async function chain() {
  const owner = await t.createMember({ position: 'AgencyOwner', ...name(900, 'Santos') });
  const am = await t.createMember({ position: 'AgencyManager', referror: owner.id });
  const mgr = await t.createMember({ position: 'Manager', referror: am.id });
  const a1 = await t.createMember({ referror: mgr.id });
  const a2 = await t.createMember({ referror: a1.id });
  const a3 = await t.createMember({ referror: a2.id });
  return { owner, am, mgr, a1, a2, a3 };
}
const fullNameOf = async (m: Member) => {
  const r = (await t.services.members.findById(m.id))!;
  return [r.f_name, r.m_name, r.l_name].filter(Boolean).join(' ');
};

describe('POST /api/gethiearchy', () => {
  it('derives sponsor, manager, agency manager and agency owner up a chain of six levels, with full names', async () => {
    const { owner, am, mgr, a1, a2, a3 } = await chain();
    const c = await t.loginAs(a3);
    const res = await c.post(routes.getHierarchy.path, { id: a3.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      referror: a2.id,
      referror_name: await fullNameOf(a2),
      manager: mgr.id,
      manager_name: await fullNameOf(mgr),
      agency_manager: am.id,
      agency_manager_name: await fullNameOf(am),
      agency_owner: owner.id,
      agency_owner_name: 'First900 Santos Last900',
    } satisfies HierarchyResponse);
    // The member themselves is never their own manager; the top of the chain has nobody above.
    const ofMgr = (await (await t.loginAs(mgr)).post(routes.getHierarchy.path, { id: mgr.id })).json();
    expect(ofMgr).toMatchObject({ referror: am.id, manager: null, manager_name: null, agency_manager: am.id, agency_owner: owner.id });
    const ofOwner = (await (await t.loginAs(owner)).post(routes.getHierarchy.path, { id: owner.id })).json();
    expect(ofOwner).toEqual({
      referror: null,
      referror_name: null,
      manager: null,
      manager_name: null,
      agency_manager: null,
      agency_manager_name: null,
      agency_owner: null,
      agency_owner_name: null,
    });
    expect((await (await t.loginAs(a1)).post(routes.getHierarchy.path, { id: a1.id })).json()).toMatchObject({
      referror: mgr.id,
      manager: mgr.id,
    });
  });

  it('shows a promotion at once to everyone below', async () => {
    const { mgr, a1, a3 } = await chain();
    const admin = await t.loginAs(await t.createAdmin());
    const c = await t.loginAs(a3);
    expect((await c.post(routes.getHierarchy.path, { id: a3.id })).json().manager).toBe(mgr.id);
    expect((await admin.post(routes.editMember.path, { id: a1.id, position: 'Manager' })).statusCode).toBe(200);
    expect((await c.post(routes.getHierarchy.path, { id: a3.id })).json()).toMatchObject({
      manager: a1.id,
      manager_name: await fullNameOf(a1),
    });
    // And back: demoted, the next manager up leads again.
    expect((await admin.post(routes.editMember.path, { id: a1.id, position: 'Agent' })).statusCode).toBe(200);
    expect((await c.post(routes.getHierarchy.path, { id: a3.id })).json().manager).toBe(mgr.id);
  });

  it('keeps a deactivated sponsor as sponsor, walks through a deactivated leader to the next one up', async () => {
    const { owner, am, mgr, a1, a2, a3 } = await chain();
    const upper = await t.createMember({ position: 'Manager', referror: am.id });
    // owner → am → upper(Manager) → mgr(Manager) → a1 → a2 → a3: re-seat mgr under upper.
    await t.db.db.updateTable('members').set({ referror: upper.id }).where('id', '=', mgr.id).execute();
    const admin = await t.loginAs(await t.createAdmin());
    expect((await admin.post(routes.deactivateMember.path, { id: mgr.id })).statusCode).toBe(200);
    expect((await admin.post(routes.deactivateMember.path, { id: a2.id })).statusCode).toBe(200);
    const res = await (await t.loginAs(a3)).post(routes.getHierarchy.path, { id: a3.id });
    expect(res.json()).toMatchObject({
      referror: a2.id,
      referror_name: await fullNameOf(a2),
      manager: upper.id,
      agency_manager: am.id,
      agency_owner: owner.id,
    });
    // The admin's list agrees (it walks in memory rather than in SQL).
    const list = (await admin.post(routes.adminMemberRecords.path, { id: 1 })).json() as { id: number; manager: number | null }[];
    expect(list.find((r) => r.id === a3.id)).toMatchObject({ manager: upper.id, referror: a2.id });
    expect(list.find((r) => r.id === a1.id)).toMatchObject({ manager: upper.id, referror: mgr.id });
  });

  it('stops at a cycle in the sponsor data and at the depth bound, on both databases', async () => {
    const x = await t.createMember({ position: 'Manager' });
    const y = await t.createMember({ referror: x.id });
    const z = await t.createMember({ referror: y.id });
    // A loop x → z → y → x that sign-up can never make, but bad data could.
    await t.db.db.updateTable('members').set({ referror: z.id }).where('id', '=', x.id).execute();
    const admin = await t.loginAs(await t.createAdmin());
    const res = await admin.post(routes.getHierarchy.path, { id: z.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ referror: y.id, manager: x.id });
    const ofX = (await admin.post(routes.getHierarchy.path, { id: x.id })).json();
    expect(ofX).toMatchObject({ referror: z.id, manager: null }); // x is never its own manager
    const list = (await admin.post(routes.adminMemberRecords.path, { id: 1 })).json() as { id: number; manager: number | null }[];
    expect(list.find((r) => r.id === x.id)).toMatchObject({ manager: null, referror: z.id });
    expect((await admin.post(routes.teamSize.path, { id: x.id })).json()).toEqual({ direct: 1, downline: 2, pending: 0 });

    // A Manager 70 levels up is past the bound of 64: not found, and the query still answers.
    const top = await t.createMember({ position: 'Manager' });
    const { id: _id, ...row } = await t.db.db.selectFrom('members').selectAll().where('id', '=', top.id).executeTakeFirstOrThrow();
    let below = top.id;
    for (let i = 0; i < 70; i++) {
      const tag = `deep${i}x${top.id}`;
      const inserted = await t.db.db
        .insertInto('members')
        .values({ ...row, username: tag, email: `${tag}@example.ph`, referral_code: tag.toUpperCase(), position: 'Agent', referror: below })
        .returning('id')
        .executeTakeFirstOrThrow();
      below = inserted.id;
    }
    const deep = (await admin.post(routes.getHierarchy.path, { id: below })).json();
    expect(deep.manager).toBeNull();
    expect(deep.referror).not.toBeNull();
  });

  it('answers the member, an admin; 403 another agent, 401 logged out, 404 unknown, 400 bad id', async () => {
    const { a2, a3 } = await chain();
    expect((await t.client().post(routes.getHierarchy.path, { id: a3.id })).statusCode).toBe(401);
    const other = await t.loginAs(a2);
    const refused = await other.post(routes.getHierarchy.path, { id: a3.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'You may only act on your own account' });
    const admin = await t.loginAs(await t.createAdmin());
    expect((await admin.post(routes.getHierarchy.path, { id: a3.id })).json().referror).toBe(a2.id);
    const unknown = await admin.post(routes.getHierarchy.path, { id: 987654 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Member not found' });
    expect((await admin.post(routes.getHierarchy.path, { id: 'abc' })).statusCode).toBe(400);
    expect((await admin.post(routes.getHierarchy.path, {})).statusCode).toBe(400);
  });
});

describe('POST /api/membersrecord', () => {
  it('lists direct recruits only, oldest first, deactivated ones left out', async () => {
    const sponsor = await t.createMember();
    const r1 = await t.createMember({ referror: sponsor.id, status: 'Pending', ...name(501, 'Cruz') });
    const r2 = await t.createMember({ referror: sponsor.id, position: 'Manager' });
    const gone = await t.createMember({ referror: sponsor.id });
    await t.createMember({ referror: r1.id }); // a recruit's recruit: not direct
    await t.createMember(); // someone else's
    const admin = await t.loginAs(await t.createAdmin());
    expect((await admin.post(routes.deactivateMember.path, { id: gone.id })).statusCode).toBe(200);

    const res = await (await t.loginAs(sponsor)).post(routes.membersRecord.path, { id: sponsor.id });
    expect(res.statusCode).toBe(200);
    const list = res.json() as RecruitRecord[];
    expect(list.map((r) => r.id)).toEqual([r1.id, r2.id]);
    expect(list[0]).toEqual({
      id: r1.id,
      f_name: 'First501',
      m_name: 'Cruz',
      l_name: 'Last501',
      contact_no: '09171234567',
      email: `${r1.username}@example.ph`,
      referral_code: r1.referral_code,
      reg_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: 'Pending',
      position: 'Agent',
    });
    expect(list[1]).toMatchObject({ status: 'Approved', position: 'Manager' });
    expect(JSON.stringify(list)).not.toMatch(/password|username/);
    // Ordered by registration date, then id.
    await t.db.db.updateTable('members').set({ reg_date: '2020-01-01T00:00:00.000Z' }).where('id', '=', r2.id).execute();
    expect(((await admin.post(routes.membersRecord.path, { id: sponsor.id })).json() as RecruitRecord[]).map((r) => r.id)).toEqual([
      r2.id,
      r1.id,
    ]);
  });

  it('answers [] without recruits; 403 another agent, 401 logged out, 404 unknown for an admin', async () => {
    const m = await t.createMember();
    await t.createMember({ referror: m.id });
    const lonely = await t.createMember();
    expect((await (await t.loginAs(lonely)).post(routes.membersRecord.path, { id: lonely.id })).json()).toEqual([]);
    expect((await t.client().post(routes.membersRecord.path, { id: m.id })).statusCode).toBe(401);
    expect((await (await t.loginAs(lonely)).post(routes.membersRecord.path, { id: m.id })).statusCode).toBe(403);
    const admin = await t.loginAs(await t.createAdmin());
    expect((await admin.post(routes.membersRecord.path, { id: m.id })).json()).toHaveLength(1);
    expect((await admin.post(routes.membersRecord.path, { id: 987654 })).statusCode).toBe(404);
    expect((await admin.post(routes.membersRecord.path, { id: -1 })).statusCode).toBe(400);
  });
});

describe('POST /api/teamsize', () => {
  it('counts Approved, active direct recruits and whole downline, and the recruits awaiting approval apart', async () => {
    const top = await t.createMember();
    const d1 = await t.createMember({ referror: top.id });
    const d2 = await t.createMember({ referror: top.id, status: 'Pending' }); // not counted, but its recruits are
    const d3 = await t.createMember({ referror: top.id });
    const g1 = await t.createMember({ referror: d1.id });
    await t.createMember({ referror: d2.id });
    await t.createMember({ referror: g1.id });
    await t.createMember({ referror: d3.id });
    await t.createMember(); // elsewhere
    const c = await t.loginAs(top);
    expect((await c.post(routes.teamSize.path, { id: top.id })).json()).toEqual({ direct: 2, downline: 6, pending: 1 });

    const admin = await t.loginAs(await t.createAdmin());
    expect((await admin.post(routes.deactivateMember.path, { id: d3.id })).statusCode).toBe(200);
    expect((await c.post(routes.teamSize.path, { id: top.id })).json()).toEqual({ direct: 1, downline: 5, pending: 1 });
    expect((await admin.post(routes.approveMember.path, { id: d2.id })).statusCode).toBe(200);
    expect((await c.post(routes.teamSize.path, { id: top.id })).json()).toEqual({ direct: 2, downline: 6, pending: 0 });
    const lonely = await t.createMember();
    expect((await (await t.loginAs(lonely)).post(routes.teamSize.path, { id: lonely.id })).json()).toEqual({
      direct: 0,
      downline: 0,
      pending: 0,
    });
  });

  it('answers 401 logged out, 403 another agent, 404 unknown for an admin', async () => {
    const m = await t.createMember();
    expect((await t.client().post(routes.teamSize.path, { id: m.id })).statusCode).toBe(401);
    expect((await (await t.loginAs(await t.createMember())).post(routes.teamSize.path, { id: m.id })).statusCode).toBe(403);
    const admin = await t.loginAs(await t.createAdmin());
    expect((await admin.post(routes.teamSize.path, { id: m.id })).json()).toEqual({ direct: 0, downline: 0, pending: 0 });
    expect((await admin.post(routes.teamSize.path, { id: 987654 })).statusCode).toBe(404);
  });
});
