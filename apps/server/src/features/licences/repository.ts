import { sql } from 'kysely';
import type { LicenseLine } from '@ahente/contract/licences';
import { entryBucketSql } from '../../db/entry-bucket.ts';
import { hasRowLocks } from '../../db/locks.ts';
import type { LicencesTable } from '../../db/schema.ts';
import type { Exec } from '../../db/exec.ts';

export type NewLicenceRow = Omit<LicencesTable, 'id'>;

/** A licence with its member's and its decider's names. */
function licencesQuery(db: Exec) {
  return db
    .selectFrom('licenses as l')
    .innerJoin('members as m', 'm.id', 'l.member_id')
    .leftJoin('members as d', 'd.id', 'l.decided_by')
    .select([
      'l.id',
      'l.member_id',
      'l.line',
      'l.license_no',
      'l.insurer',
      'l.issued_on',
      'l.expires_on',
      'l.scan_key',
      'l.scan_type',
      'l.status',
      'l.decided_at',
      'l.rejection_reason',
      'l.created_at',
      'm.f_name',
      'm.m_name',
      'm.l_name',
      'd.f_name as decider_f_name',
      'd.m_name as decider_m_name',
      'd.l_name as decider_l_name',
    ]);
}
export type LicenceRow = Awaited<ReturnType<ReturnType<typeof licencesQuery>['executeTakeFirstOrThrow']>>;

const num = (v: unknown) => Number(v ?? 0);
/** A licence awaiting an administrator's decision. */
const PENDING = 'pending';

/**
 * The held entries awaiting a decision (neither released nor forfeited), of sales not rejected,
 * with their earner: what the Compliance page lists and the administrator's queues count.
 */
function heldQuery(db: Exec) {
  return db
    .selectFrom('commission_entries as e')
    .innerJoin('members as m', 'm.id', 'e.member_id')
    .leftJoin('sales as s', 's.id', 'e.sale_id')
    .leftJoin('commission_entry_decisions as dec', 'dec.entry_id', 'e.id')
    .where('e.hold_reason', 'is not', null)
    .where('dec.entry_id', 'is', null)
    .where((eb) => eb.or([eb('s.verification', 'is', null), eb('s.verification', '!=', 'rejected')]));
}

export const licencesRepository = {
  async insert(db: Exec, row: NewLicenceRow): Promise<number> {
    const r = await db.insertInto('licenses').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  byId(db: Exec, id: number): Promise<LicenceRow | undefined> {
    return licencesQuery(db).where('l.id', '=', id).executeTakeFirst();
  },

  /** A member's licences, newest first. */
  ofMember(db: Exec, memberId: number): Promise<LicenceRow[]> {
    return licencesQuery(db).where('l.member_id', '=', memberId).orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').execute();
  },

  /** The distinct products of a member's sales, whatever their verification (the reminder's lines). */
  async productsOfMember(db: Exec, memberId: number): Promise<string[]> {
    const rows = await db.selectFrom('sales').select('product').distinct().where('member_id', '=', memberId).execute();
    return rows.map((r) => r.product);
  },

  /**
   * The distinct products of a member's sales and deals (decision 018): what they sell or are about
   * to, whose lines the first steps' licence item asks for.
   */
  async productsSoldOrDealt(db: Exec, memberId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('sales')
      .select('product')
      .where('member_id', '=', memberId)
      .union(db.selectFrom('deals').select('product').where('member_id', '=', memberId))
      .execute();
    return rows.map((r) => r.product);
  },

  /** The licence's row, locked until the transaction ends (PostgreSQL), for deciding it once. */
  lock(db: Exec, id: number) {
    const query = db.selectFrom('licenses').select(['id', 'member_id', 'status', 'line']).where('id', '=', id);
    return (hasRowLocks(db) ? query.forUpdate() : query).executeTakeFirst();
  },

  /** Decides a pending licence; false when it was decided already. */
  async decide(
    db: Exec,
    id: number,
    decision: { status: 'verified' | 'rejected'; decided_by: number; decided_at: string; rejection_reason: string | null },
  ): Promise<boolean> {
    const r = await db.updateTable('licenses').set(decision).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /**
   * Which of `memberIds` held, on `day`, a verified licence of one of `lines` whose term covers it
   * (issued_on ≤ day ≤ expires_on). One query for a sale's every earner.
   */
  async covered(db: Exec, memberIds: readonly number[], lines: readonly LicenseLine[], day: string): Promise<Set<number>> {
    if (memberIds.length === 0 || lines.length === 0) return new Set();
    const rows = await db
      .selectFrom('licenses')
      .select('member_id')
      .distinct()
      .where('member_id', 'in', memberIds)
      .where('status', '=', 'verified')
      .where('line', 'in', lines)
      .where('issued_on', '<=', day)
      .where('expires_on', '>=', day)
      .execute();
    return new Set(rows.map((r) => r.member_id));
  },

  /** The number of a verified licence of the member's for one of `lines` in force on `day` (the latest to expire), if any. */
  async coveringNumber(db: Exec, memberId: number, lines: readonly LicenseLine[], day: string): Promise<string | null> {
    if (lines.length === 0) return null;
    const row = await db
      .selectFrom('licenses')
      .select('license_no')
      .where('member_id', '=', memberId)
      .where('status', '=', 'verified')
      .where('line', 'in', lines)
      .where('issued_on', '<=', day)
      .where('expires_on', '>=', day)
      .orderBy('expires_on', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.license_no ?? null;
  },

  // ------------------------------------------------------------ the Compliance page

  pending(db: Exec): Promise<LicenceRow[]> {
    return licencesQuery(db).where('l.status', '=', PENDING).orderBy('l.created_at').orderBy('l.id').execute();
  },

  /**
   * How many licences `pending` lists (the administrator's queues, decision 021): the same filter,
   * counted.
   */
  async pendingCount(db: Exec): Promise<number> {
    const row = await db
      .selectFrom('licenses as l')
      .innerJoin('members as m', 'm.id', 'l.member_id')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('l.status', '=', PENDING)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Verified licences valid today that expire within the window, soonest first. */
  expiring(db: Exec, today: string, until: string): Promise<LicenceRow[]> {
    return licencesQuery(db)
      .where('l.status', '=', 'verified')
      .where('l.issued_on', '<=', today)
      .where('l.expires_on', '>=', today)
      .where('l.expires_on', '<=', until)
      .orderBy('l.expires_on')
      .orderBy('l.id')
      .execute();
  },

  /** Every verified licence, with what its holder earned within its term (centavos). */
  async earnings(db: Exec) {
    const rows = await db
      .selectFrom('licenses as l')
      .innerJoin('members as m', 'm.id', 'l.member_id')
      .select([
        'l.id',
        'l.member_id',
        'l.line',
        'l.issued_on',
        'l.expires_on',
        'm.f_name',
        'm.m_name',
        'm.l_name',
        // What the holder earned within the term: payable entries only (decision 018's one rule).
        sql<number>`(select coalesce(sum(e.amount_centavos), 0) from commission_entries e
          left join sales s on s.id = e.sale_id
          left join commission_entry_decisions dec on dec.entry_id = e.id
          where e.member_id = l.member_id and e.entry_date >= l.issued_on and e.entry_date <= l.expires_on
            and ${entryBucketSql} = 'payable')`.as('earned'),
      ])
      .where('l.status', '=', 'verified')
      .orderBy('l.expires_on')
      .orderBy('l.id')
      .execute();
    return rows.map((r) => ({ ...r, earned: num(r.earned) }));
  },

  /** Per member and product: sales not rejected, recorded on or after `since`, their count and the last effective date. */
  soldProducts(db: Exec, since: string) {
    return db
      .selectFrom('sales as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select([
        's.member_id',
        's.product',
        'm.f_name',
        'm.m_name',
        'm.l_name',
        sql<number>`count(*)`.as('n'),
        sql<string>`max(s.effective_date)`.as('last_sold_on'),
      ])
      .where('s.verification', '!=', 'rejected')
      .where('s.createdat', '>=', since)
      .where('m.deactivated_at', 'is', null)
      .groupBy(['s.member_id', 's.product', 'm.f_name', 'm.m_name', 'm.l_name'])
      .execute();
  },

  /** Held entries with no decision yet, with their earner, product and seller; oldest first. */
  held(db: Exec) {
    return heldQuery(db)
      .leftJoin('members as seller', 'seller.id', 'e.seller_id')
      .select([
        'e.id',
        'e.member_id',
        'e.kind',
        'e.entry_date',
        'e.amount_centavos',
        'e.hold_reason',
        's.product',
        'm.f_name',
        'm.m_name',
        'm.l_name',
        'seller.f_name as seller_f_name',
        'seller.m_name as seller_m_name',
        'seller.l_name as seller_l_name',
      ])
      .orderBy('e.entry_date')
      .orderBy('e.id')
      .execute();
  },

  /**
   * How many entries `held` lists (the administrator's queues, decision 021): the same query,
   * counted.
   */
  async heldCount(db: Exec): Promise<number> {
    const row = await heldQuery(db)
      .select(sql<number | string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Verified licences of the given members, with their lines and terms (the Compliance page decides coverage from them). */
  verifiedOf(db: Exec, memberIds: readonly number[]) {
    if (memberIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('licenses')
      .select(['member_id', 'line', 'issued_on', 'expires_on'])
      .where('member_id', 'in', memberIds)
      .where('status', '=', 'verified')
      .execute();
  },
};
