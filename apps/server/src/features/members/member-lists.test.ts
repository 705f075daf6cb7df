import type { MemberListRecord, MemberSearchResponse } from '@ahente/contract/members';
import type { RootOperationNode } from 'kysely';
import { routes } from '@ahente/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

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
