import { sql } from 'kysely';
import { LEADER_POSITIONS } from '@ahente/contract/commissions';
import { MEMBER_STATUSES, POSITIONS, type MemberStatus } from '@ahente/contract/enums';
import type { MemberAuditAction, MemberSortColumn, MemberStatusCounts, SortDirection } from '@ahente/contract/members';
import { MAX_CHAIN_DEPTH } from '../../db/limits.ts';
import { countedMemberSql, listedRecruitSql, withDownline } from '../../db/team.ts';
import { hasRowLocks } from '../../db/locks.ts';
import type { MembersTable } from '../../db/schema.ts';
import type { Exec } from '../../db/exec.ts';

export type MemberRow = Omit<MembersTable, 'id'> & { id: number };
/** A new member: active, its search name computed here. */
export type NewMember = Omit<MemberRow, 'id' | 'search_name' | 'deactivated_at' | 'language'>;
export type MemberPatch = Partial<Omit<MemberRow, 'id' | 'search_name'>>;

/**
 * What the admin's name search matches: whitespace runs made one space, lower-cased by the server
 * (JavaScript's Unicode rules), so 'ñ' and 'Ñ' match alike on SQLite and PostgreSQL whatever their
 * collation (their own lower() differ beyond ASCII).
 */
export const searchKey = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
export const searchNameOf = (m: { f_name: string; m_name: string | null; l_name: string }) =>
  searchKey([m.f_name, m.m_name, m.l_name].filter(Boolean).join(' '));
/** A LIKE pattern that finds `text` anywhere, its `%`, `_` and `\` taken literally (ESCAPE '\'). */
const containsPattern = (text: string) => `%${searchKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A value's place in its list, as SQL: `case col when 'A' then 0 when 'B' then 1 … end` (the values are the contract's). */
const rankOf = (column: 'status' | 'position', values: readonly string[]) =>
  sql<number>`case ${sql.ref(column)} ${sql.join(
    values.map((v, i) => sql`when ${sql.lit(v)} then ${sql.lit(i)}`),
    sql` `,
  )} else ${sql.lit(values.length)} end`;

/**
 * The SQL each sort column of the Members Record orders by: the request names a key of this map
 * (the contract's allow-list), never a column. Names sort by the lower-cased full name the search
 * reads (first, middle, last: as the Full Name column shows them), the same bytes on both databases.
 */
const SORT_BY = {
  id: sql<number>`id`,
  name: sql<string>`search_name`,
  username: sql<string>`lower(username)`,
  email: sql<string>`lower(email)`,
  referral_code: sql<string>`referral_code`,
  position: rankOf('position', POSITIONS),
  reg_date: sql<string>`reg_date`,
  status: rankOf('status', MEMBER_STATUSES),
} satisfies Record<MemberSortColumn, unknown>;

/** How a page of members is ordered: a column and direction, or by default Pending first, then newest. */
export type MemberOrder = { sort: MemberSortColumn; dir: SortDirection } | null;

/** Columns safe to return to a client: never the password hash. */
const PUBLIC_COLUMNS = [
  'id',
  'username',
  'email',
  'f_name',
  'm_name',
  'l_name',
  'contact_no',
  'address',
  'referral_code',
  'account_type',
  'position',
  'reg_date',
  'status',
  'referror',
  'photo',
  'gender',
  'birthdate',
  'address_number',
  'address_street',
  'address_region',
  'address_city',
  'address_barangay',
  'valid_id',
  'photo_type',
  'valid_id_type',
  'deactivated_at',
  'tin',
  'language',
] as const;
export type PublicMemberRow = Pick<MemberRow, (typeof PUBLIC_COLUMNS)[number]>;

/**
 * What the admin's lists read of each member (decision 027): never the contact number, the address,
 * the TIN, the birthday or the files' keys; those are read one member at a time.
 */
const LIST_COLUMNS = [
  'id',
  'username',
  'email',
  'f_name',
  'm_name',
  'l_name',
  'referral_code',
  'account_type',
  'position',
  'reg_date',
  'status',
  'referror',
  'photo',
  'deactivated_at',
] as const;
export type ListMemberRow = Pick<MemberRow, (typeof LIST_COLUMNS)[number]>;

/** Columns of a recruit as the sponsoring agent sees them (the Agent Recruitment screen). */
const RECRUIT_COLUMNS = [
  'id',
  'f_name',
  'm_name',
  'l_name',
  'contact_no',
  'email',
  'referral_code',
  'reg_date',
  'status',
  'position',
] as const;

/** The members whose sponsor chain is walked in memory (the whole list, decision 011). */
const CHAIN_COLUMNS = ['id', 'f_name', 'm_name', 'l_name', 'position', 'referror', 'deactivated_at'] as const;

/** Grouped counts as a full map: a status no member holds counts 0. */
function countsByStatus(grouped: { status: string; n: number | string | bigint }[]): MemberStatusCounts {
  const counts = Object.fromEntries(MEMBER_STATUSES.map((s) => [s, 0])) as MemberStatusCounts;
  for (const g of grouped) if (g.status in counts) counts[g.status as MemberStatus] += Number(g.n);
  return counts;
}

export const membersRepository = {
  findByUsername(db: Exec, username: string) {
    return db
      .selectFrom('members')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
  },

  /** The stored password hash, for checking a member's current password before changing it. */
  passwordHashOf(db: Exec, id: number) {
    return db.selectFrom('members').select(['password_hash', 'deactivated_at']).where('id', '=', id).executeTakeFirst();
  },

  /** A member; with `lock`, their row stays locked until the transaction ends (PostgreSQL; SQLite needs none). */
  findById(db: Exec, id: number, options: { lock?: boolean } = {}) {
    const query = db.selectFrom('members').select(PUBLIC_COLUMNS).where('id', '=', id);
    return (options.lock && hasRowLocks(db) ? query.forUpdate() : query).executeTakeFirst();
  },

  /** The active member owning a referral code: a deactivated member's code is refused at sign-up. */
  findByReferralCode(db: Exec, code: string) {
    return db
      .selectFrom('members')
      .select(['id', 'f_name', 'l_name'])
      .where('referral_code', '=', code)
      .where('deactivated_at', 'is', null)
      .executeTakeFirst();
  },

  async usernameTaken(db: Exec, username: string, exceptId?: number) {
    let q = db
      .selectFrom('members')
      .select('id')
      .where(sql<string>`lower(username)`, '=', username.toLowerCase());
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },

  async emailTaken(db: Exec, email: string, exceptId?: number) {
    let q = db
      .selectFrom('members')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase());
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },

  async referralCodeTaken(db: Exec, code: string, exceptId?: number) {
    let q = db.selectFrom('members').select('id').where('referral_code', '=', code);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },

  async insert(db: Exec, member: NewMember): Promise<number> {
    const row = await db
      .insertInto('members')
      .values({ ...member, search_name: searchNameOf(member), deactivated_at: null, language: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** Updates a member; a change of name also updates the name the admin's search reads. */
  async update(db: Exec, id: number, patch: MemberPatch) {
    let search_name: string | undefined;
    if (patch.f_name !== undefined || patch.m_name !== undefined || patch.l_name !== undefined) {
      const current = await db.selectFrom('members').select(['f_name', 'm_name', 'l_name']).where('id', '=', id).executeTakeFirst();
      if (current) search_name = searchNameOf({ ...current, ...patch } as typeof current);
    }
    await db
      .updateTable('members')
      .set({ ...patch, ...(search_name !== undefined ? { search_name } : {}) })
      .where('id', '=', id)
      .execute();
  },

  /** Every member, deactivated ones included (the caller decides whom to show), newest first. */
  listAll(db: Exec) {
    return db.selectFrom('members').select(LIST_COLUMNS).orderBy('id', 'desc').execute();
  },

  /**
   * One page of the active members whose full name contains `q` (any case), in `order`; how many
   * the filters find, and per status how many `q` and the certification filter find (one grouped
   * count, the status filter aside: what the status filter's choices say).
   */
  async searchPage(
    db: Exec,
    q: string,
    limit: number,
    offset: number,
    filter: { noCertification?: boolean; status?: MemberStatus | undefined } = {},
    order: MemberOrder = null,
  ) {
    const base = db
      .selectFrom('members')
      .where('deactivated_at', 'is', null)
      .$if(q !== '', (b) => b.where(sql<boolean>`search_name like ${containsPattern(q)} escape '\\'`))
      .$if(filter.noCertification === true, (b) =>
        b.where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('certifications as c').select('c.id').whereRef('c.member_id', '=', 'members.id'))),
        ),
      );
    const grouped = await base
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')] as const)
      .groupBy('status')
      .execute();
    const counts = countsByStatus(grouped);
    const total = filter.status ? counts[filter.status] : grouped.reduce((sum, g) => sum + Number(g.n), 0);
    let page = base.select(LIST_COLUMNS).$if(filter.status !== undefined, (b) => b.where('status', '=', filter.status!));
    // The id last: a stable order, so paging neither repeats nor skips a member among equals.
    if (order) page = page.orderBy(SORT_BY[order.sort], order.dir).orderBy('id', order.sort === 'id' ? order.dir : 'desc');
    else page = page.orderBy(SORT_BY.status, 'asc').orderBy('reg_date', 'desc').orderBy('id', 'desc');
    const rows = await page.limit(limit).offset(offset).execute();
    return { total, counts, rows };
  },

  /**
   * A member's recruits as Recruitment lists them (decision 021, `db/team.ts`): the active agents
   * they sponsored, Pending ones included (the list shows the status), in order of registration.
   */
  recruitsOf(db: Exec, sponsorId: number) {
    return db
      .selectFrom('members')
      .select(RECRUIT_COLUMNS)
      .where('referror', '=', sponsorId)
      .where('id', '!=', sponsorId)
      .where(listedRecruitSql('members'))
      .orderBy('reg_date')
      .orderBy('id')
      .execute();
  },

  /** Every member as the in-memory chain walk needs them (adminmemberrecords, decision 011). */
  chainMembers(db: Exec) {
    return db.selectFrom('members').select(CHAIN_COLUMNS).execute();
  },

  /**
   * A member's team (decision 021, `db/team.ts`): their counted recruits (Approved, active agents
   * they sponsored), their team members (counted members at any depth below them: the walk goes
   * through Pending and deactivated members, whose recruits still count) and their recruits
   * awaiting approval (Pending, active). One recursive query: the dashboard's Team Size and the
   * 'team' Performance Report read it.
   */
  async teamSize(db: Exec, memberId: number): Promise<{ direct: number; team: number; pending: number }> {
    const counted = countedMemberSql('m');
    const row = await withDownline(db, memberId)
      .selectFrom('downline')
      .innerJoin('members as m', 'm.id', 'downline.id')
      .select([
        sql<number | string>`coalesce(sum(case when downline.depth = 1 and ${counted} then 1 else 0 end), 0)`.as('direct'),
        sql<number | string>`coalesce(sum(case when ${counted} then 1 else 0 end), 0)`.as('team'),
        sql<
          number | string
        >`coalesce(sum(case when downline.depth = 1 and m.status = 'Pending' and ${listedRecruitSql('m')} then 1 else 0 end), 0)`.as(
          'pending',
        ),
      ])
      .executeTakeFirstOrThrow();
    return { direct: Number(row.direct), team: Number(row.team), pending: Number(row.pending) };
  },

  /**
   * The agency's members (every counted member: Approved, active agents, decision 021) and, per
   * status, the active accounts (what the Members Record lists: its Pending filter and the Admin
   * Panel's Pending badge). One query for the admin's dashboard, the badge and the 'agency'
   * Performance Report, so that they never disagree.
   */
  async agencyCounts(db: Exec): Promise<{ members: number; byStatus: MemberStatusCounts }> {
    const grouped = await db
      .selectFrom('members as m')
      .where('m.deactivated_at', 'is', null)
      .select((eb) => [
        'm.status',
        eb.fn.countAll<number>().as('n'),
        sql<number | string>`coalesce(sum(case when ${countedMemberSql('m')} then 1 else 0 end), 0)`.as('counted'),
      ])
      .groupBy('m.status')
      .execute();
    return { members: grouped.reduce((sum, g) => sum + Number(g.counted), 0), byStatus: countsByStatus(grouped) };
  },

  /** True while an active approved administrator exists: someone who can log in and run the portal. */
  async approvedAdminExists(db: Exec) {
    const row = await db
      .selectFrom('members')
      .select('id')
      .where('account_type', '=', 'admin')
      .where('status', '=', 'Approved')
      .where('deactivated_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Pending → Approved for an active member; false when it was not (unknown, deactivated, approved). */
  async approve(db: Exec, id: number, now: string): Promise<boolean> {
    const r = await db
      .updateTable('members')
      .set({ status: 'Approved', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'Pending')
      .where('deactivated_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Marks an active member deactivated; false when unknown or deactivated already. */
  async deactivate(db: Exec, id: number, now: string): Promise<boolean> {
    const r = await db
      .updateTable('members')
      .set({ deactivated_at: now, updated_at: now })
      .where('id', '=', id)
      .where('deactivated_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async insertAudit(
    db: Exec,
    entry: { member_id: number; actor_id: number | null; action: MemberAuditAction; changes: unknown[]; at: string },
  ) {
    await db
      .insertInto('member_audit')
      .values({ ...entry, changes: JSON.stringify(entry.changes) })
      .execute();
  },

  /** What administrators did to a member, newest first, with the acting administrator's name. */
  historyOf(db: Exec, memberId: number) {
    return db
      .selectFrom('member_audit as h')
      .leftJoin('members as a', 'a.id', 'h.actor_id')
      .select(['h.id', 'h.at', 'h.action', 'h.changes', 'a.id as actor_id', 'a.f_name', 'a.m_name', 'a.l_name'])
      .where('h.member_id', '=', memberId)
      .orderBy('h.id', 'desc')
      .execute();
  },

  // ---- the links that report an e-mail change (decision 027) -----------------------------------

  async insertEmailChange(
    db: Exec,
    row: { token_hash: string; member_id: number; old_email: string; new_email: string; created_at: string; expires_at: string },
  ): Promise<void> {
    await db
      .insertInto('email_changes')
      .values({ ...row, used_at: null })
      .execute();
  },

  /** The link's change, unused and unexpired at `at`; its row locked until the transaction ends (PostgreSQL). */
  usableEmailChange(db: Exec, tokenHash: string, at: string) {
    const query = db
      .selectFrom('email_changes')
      .select(['token_hash', 'member_id', 'old_email', 'new_email', 'created_at'])
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at);
    return (hasRowLocks(db) ? query.forUpdate() : query).executeTakeFirst();
  },

  /** Every open link of the member is used up (a report ends them all: none can put another address back). */
  async endEmailChanges(db: Exec, memberId: number, at: string): Promise<void> {
    await db.updateTable('email_changes').set({ used_at: at }).where('member_id', '=', memberId).where('used_at', 'is', null).execute();
  },

  /** The member's password reset links not used yet can no longer be used (they went to an address the member may not hold). */
  async endResetLinks(db: Exec, memberId: number, at: string): Promise<void> {
    await db.updateTable('password_resets').set({ used_at: at }).where('member_id', '=', memberId).where('used_at', 'is', null).execute();
  },

  /** Links a day past their expiry, used or not: nothing reads them any more. */
  async purgeEmailChanges(db: Exec, cutoff: string): Promise<void> {
    await db.deleteFrom('email_changes').where('expires_at', '<=', cutoff).execute();
  },

  /**
   * Locks the approved administrators' rows until the transaction ends, so two admins demoting
   * each other at once are decided one after the other (the second sees the first's change).
   */
  async lockApprovedAdmins(db: Exec) {
    const query = db
      .selectFrom('members')
      .select('id')
      .where('account_type', '=', 'admin')
      .where('status', '=', 'Approved')
      .where('deactivated_at', 'is', null);
    await (hasRowLocks(db) ? query.forUpdate() : query).execute();
  },

  /**
   * The sponsor chain above each given member, nearest first: the sponsor (depth 1) whatever their
   * state, then the active members with a leadership position (the only ones who can lead,
   * decision 011). One recursive query on both databases; each walk carries the ids it has visited
   * (`,7,3,1,`) and stops before visiting one again (a cycle in the data), and stops at
   * MAX_CHAIN_DEPTH. The member themselves is never in their own chain.
   */
  async leadersAbove(db: Exec, memberIds: number[]) {
    if (memberIds.length === 0) return [];
    const idText = (ref: string) => sql<string>`cast(${sql.ref(ref)} as text)`;
    // Each row carries its ancestor's columns, so the result needs no join back to members (a
    // join the planner could turn into a scan of the whole table).
    return db
      .withRecursive('chain(member_id, depth, id, f_name, m_name, l_name, position, deactivated_at, next, path)', (qb) =>
        qb
          .selectFrom('members as x')
          .innerJoin('members as s', 's.id', 'x.referror')
          .select([
            'x.id as member_id',
            sql<number>`1`.as('depth'),
            's.id',
            's.f_name',
            's.m_name',
            's.l_name',
            's.position',
            's.deactivated_at',
            's.referror as next',
            sql<string>`cast(',' || ${idText('x.id')} || ',' || ${idText('s.id')} || ',' as text)`.as('path'),
          ])
          .where('x.id', 'in', memberIds)
          .whereRef('s.id', '!=', 'x.id')
          .unionAll((u) =>
            u
              .selectFrom('chain')
              .innerJoin('members as m', 'm.id', 'chain.next')
              .select([
                'chain.member_id',
                sql<number>`chain.depth + 1`.as('depth'),
                'm.id',
                'm.f_name',
                'm.m_name',
                'm.l_name',
                'm.position',
                'm.deactivated_at',
                'm.referror as next',
                sql<string>`cast(chain.path || ${idText('m.id')} || ',' as text)`.as('path'),
              ])
              .where('chain.depth', '<', MAX_CHAIN_DEPTH)
              .where(sql<boolean>`chain.path not like ('%,' || ${idText('m.id')} || ',%')`),
          ),
      )
      .selectFrom('chain')
      .select(['member_id', 'depth', 'id', 'f_name', 'm_name', 'l_name', 'position', 'deactivated_at'])
      .where((eb) => eb.or([eb('depth', '=', 1), eb.and([eb('position', 'in', LEADER_POSITIONS), eb('deactivated_at', 'is', null)])]))
      .orderBy('member_id')
      .orderBy('depth')
      .execute();
  },
};

/** A member up the sponsor chain of `member_id`, `depth` 1 being the sponsor. */
export type AncestorRow = Awaited<ReturnType<typeof membersRepository.leadersAbove>>[number];
