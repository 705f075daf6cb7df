import { sql, type Kysely, type Transaction } from 'kysely';
import { LEADER_POSITIONS } from '@ahente/contract/commissions';
import type { Position } from '@ahente/contract/enums';
import type { MemberAuditAction } from '@ahente/contract/members';
import { MAX_CHAIN_DEPTH } from '../../db/limits.ts';
import { hasRowLocks } from '../../db/locks.ts';
import type { Database, MembersTable } from '../../db/schema.ts';

type Exec = Kysely<Database> | Transaction<Database>;
export type MemberRow = Omit<MembersTable, 'id'> & { id: number };
/** A new member: active, its search name computed here. */
export type NewMember = Omit<MemberRow, 'id' | 'search_name' | 'deactivated_at'>;
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
] as const;
export type PublicMemberRow = Pick<MemberRow, (typeof PUBLIC_COLUMNS)[number]>;

/** A member up the sponsor chain of `member_id`, `depth` 1 being the sponsor. */
export interface AncestorRow {
  member_id: number;
  depth: number;
  id: number;
  f_name: string;
  m_name: string | null;
  l_name: string;
  position: Position;
  deactivated_at: string | null;
}

/** Columns of a recruit as the sponsoring agent sees them (spec §2 Agent Recruitment). */
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
    return db.selectFrom('members').select(['id']).where('referral_code', '=', code).where('deactivated_at', 'is', null).executeTakeFirst();
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
      .values({ ...member, search_name: searchNameOf(member), deactivated_at: null })
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
    return db.selectFrom('members').select(PUBLIC_COLUMNS).orderBy('id', 'desc').execute();
  },

  /** One page of the active members whose full name contains `q` (any case), by id, and their count. */
  async searchPage(db: Exec, q: string, limit: number, offset: number, filter: { noCertification?: boolean } = {}) {
    const base = db
      .selectFrom('members')
      .where('deactivated_at', 'is', null)
      .$if(q !== '', (b) => b.where(sql<boolean>`search_name like ${containsPattern(q)} escape '\\'`))
      .$if(filter.noCertification === true, (b) =>
        b.where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('certifications as c').select('c.id').whereRef('c.member_id', '=', 'members.id'))),
        ),
      );
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base.select(PUBLIC_COLUMNS).orderBy('id').limit(limit).offset(offset).execute();
    return { total: Number(count.n), rows };
  },

  /** A member's direct recruits, deactivated ones left out, in order of registration. */
  recruitsOf(db: Exec, sponsorId: number) {
    return db
      .selectFrom('members')
      .select(RECRUIT_COLUMNS)
      .where('referror', '=', sponsorId)
      .where('deactivated_at', 'is', null)
      .orderBy('reg_date')
      .orderBy('id')
      .execute();
  },

  /** Every member as the in-memory chain walk needs them (adminmemberrecords, decision 011). */
  chainMembers(db: Exec) {
    return db.selectFrom('members').select(CHAIN_COLUMNS).execute();
  },

  /**
   * The team under a member: Approved, active direct recruits, and Approved, active members
   * anywhere below (the walk goes through Pending and deactivated members: their recruits still
   * count). One recursive query, bounded in depth; it never comes back to the member, and a
   * cycle reachable downwards must pass through them (each member has one sponsor).
   */
  async teamSize(db: Exec, memberId: number): Promise<{ direct: number; downline: number }> {
    const counted = sql<number>`case when status = 'Approved' and deactivated_at is null then 1 else 0 end`;
    const row = await db
      .withRecursive('team(id, depth, counted)', (qb) =>
        qb
          .selectFrom('members')
          .select(['id', sql<number>`1`.as('depth'), counted.as('counted')])
          .where('referror', '=', memberId)
          .where('id', '!=', memberId)
          .unionAll((u) =>
            u
              .selectFrom('team')
              .innerJoin('members as m', 'm.referror', 'team.id')
              .select([
                'm.id',
                sql<number>`team.depth + 1`.as('depth'),
                sql<number>`case when m.status = 'Approved' and m.deactivated_at is null then 1 else 0 end`.as('counted'),
              ])
              .where('m.id', '!=', memberId)
              .where('team.depth', '<', MAX_CHAIN_DEPTH),
          ),
      )
      .selectFrom('team')
      .select([
        sql<number>`coalesce(sum(case when depth = 1 then counted else 0 end), 0)`.as('direct'),
        sql<number>`coalesce(sum(counted), 0)`.as('downline'),
      ])
      .executeTakeFirstOrThrow();
    return { direct: Number(row.direct), downline: Number(row.downline) };
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
  leadersAbove(db: Exec, memberIds: number[]): Promise<AncestorRow[]> {
    if (memberIds.length === 0) return Promise.resolve([]);
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
      .execute() as Promise<AncestorRow[]>;
  },
};
