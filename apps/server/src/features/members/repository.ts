import { sql, type Kysely, type Transaction } from 'kysely';
import type { Position } from '@ahente/contract/enums';
import { hasRowLocks } from '../../db/locks.ts';
import type { Database, MembersTable } from '../../db/schema.ts';

type Exec = Kysely<Database> | Transaction<Database>;
export type MemberRow = Omit<MembersTable, 'id'> & { id: number };
export type NewMember = Omit<MemberRow, 'id'>;
export type MemberPatch = Partial<Omit<MemberRow, 'id'>>;

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
] as const;
export type PublicMemberRow = Pick<MemberRow, (typeof PUBLIC_COLUMNS)[number]>;

export interface AncestorRow {
  member_id: number;
  depth: number;
  id: number;
  f_name: string;
  m_name: string | null;
  l_name: string;
  position: Position;
}

export const membersRepository = {
  findByUsername(db: Exec, username: string) {
    return db
      .selectFrom('members')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
  },

  findById(db: Exec, id: number) {
    return db.selectFrom('members').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  findByReferralCode(db: Exec, code: string) {
    return db.selectFrom('members').select(['id']).where('referral_code', '=', code).executeTakeFirst();
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
    const row = await db.insertInto('members').values(member).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  async update(db: Exec, id: number, patch: MemberPatch) {
    await db.updateTable('members').set(patch).where('id', '=', id).execute();
  },

  listAll(db: Exec) {
    return db.selectFrom('members').select(PUBLIC_COLUMNS).orderBy('id', 'desc').execute();
  },

  /** True while an approved administrator exists: someone who can log in and run the portal. */
  async approvedAdminExists(db: Exec) {
    const row = await db
      .selectFrom('members')
      .select('id')
      .where('account_type', '=', 'admin')
      .where('status', '=', 'Approved')
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Locks the approved administrators' rows until the transaction ends, so two admins demoting
   * each other at once are decided one after the other (the second sees the first's change).
   */
  async lockApprovedAdmins(db: Exec) {
    const query = db.selectFrom('members').select('id').where('account_type', '=', 'admin').where('status', '=', 'Approved');
    await (hasRowLocks(db) ? query.forUpdate() : query).execute();
  },

  /**
   * Every sponsor above each given member (all members when `memberIds` is omitted) whose
   * position is a leadership one, with its distance: one recursive query on both databases.
   */
  leadersAbove(db: Exec, memberIds?: number[]): Promise<AncestorRow[]> {
    if (memberIds && memberIds.length === 0) return Promise.resolve([]);
    return db
      .withRecursive('chain(member_id, ancestor_id, depth)', (qb) =>
        qb
          .selectFrom('members')
          .select(['id as member_id', 'referror as ancestor_id', sql<number>`1`.as('depth')])
          .where('referror', 'is not', null)
          .$if(memberIds !== undefined, (q) => q.where('id', 'in', memberIds!))
          .unionAll((u) =>
            u
              .selectFrom('chain')
              .innerJoin('members as m', 'm.id', 'chain.ancestor_id')
              .select(['chain.member_id', 'm.referror as ancestor_id', sql<number>`chain.depth + 1`.as('depth')])
              .where('m.referror', 'is not', null)
              .where('chain.depth', '<', 64),
          ),
      )
      .selectFrom('chain')
      .innerJoin('members as a', 'a.id', 'chain.ancestor_id')
      .select(['chain.member_id', 'chain.depth', 'a.id', 'a.f_name', 'a.m_name', 'a.l_name', 'a.position'])
      .where('a.position', 'in', ['Manager', 'AgencyManager', 'AgencyOwner'])
      .orderBy('chain.member_id')
      .orderBy('chain.depth')
      .execute() as Promise<AncestorRow[]>;
  },

  /** Names of the given members (sponsors). */
  namesOf(db: Exec, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('members').select(['id', 'f_name', 'm_name', 'l_name']).where('id', 'in', ids).execute();
  },
};
