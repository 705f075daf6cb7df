import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { PagePosition } from '@ahente/contract/paging';
import { countedSaleSql } from '../../db/counted-sale.ts';
import type { Database, MembersTable, SalesTable } from '../../db/schema.ts';
import { hasRowLocks } from '../../db/locks.ts';
import type { Exec } from '../../db/exec.ts';
import { likeEscape } from '../../db/like.ts';

export type SaleRow = Omit<SalesTable, 'id'> & { id: number };
export type NewSaleRow = Omit<SaleRow, 'id'>;
/** A sale with the names of the admins who verified or rejected it and who recorded its cancellation. */
export type SaleWithVerifierRow = SaleRow & {
  /** The statement line that verified it (decision 037), when one did and stands. */
  vf_import_id?: number | null;
  vf_period?: string | null;
  vf_insurer?: string | null;
  vf_row_no?: number | null;
  verifier_f_name: string | null;
  verifier_m_name: string | null;
  verifier_l_name: string | null;
  canceller_f_name: string | null;
  canceller_m_name: string | null;
  canceller_l_name: string | null;
};

export interface ToVerifyFilter {
  insurer: string | null;
  product: string | null;
  /** Lower-cased part of the agent's full name. */
  agent: string | null;
  from: string | null;
  to: string | null;
  /** The admin asking: their own sales are not theirs to verify. */
  excludeMember: number;
}

function withVerifier(db: Exec) {
  return db
    .selectFrom('sales')
    .leftJoin('members as v', 'v.id', 'sales.verified_by')
    .leftJoin('members as c', 'c.id', 'sales.cancelled_by')
    .leftJoin('statement_verifications as vf', (j) => j.onRef('vf.sale_id', '=', 'sales.id').on('vf.undone_at', 'is', null))
    .leftJoin('statement_imports as vfi', 'vfi.id', 'vf.import_id')
    .leftJoin('insurers as vfn', 'vfn.id', 'vfi.insurer_id')
    .leftJoin('statement_lines as vfl', 'vfl.id', 'vf.line_id')
    .selectAll('sales')
    .select(['vf.import_id as vf_import_id', 'vfi.period as vf_period', 'vfn.name as vf_insurer', 'vfl.row_no as vf_row_no'])
    .select(['v.f_name as verifier_f_name', 'v.m_name as verifier_m_name', 'v.l_name as verifier_l_name'])
    .select(['c.f_name as canceller_f_name', 'c.m_name as canceller_m_name', 'c.l_name as canceller_l_name']);
}

/** `%`, `_` and `\` matched as themselves in a LIKE pattern. */

export const salesRepository = {
  /** Fails with a unique violation when the deal already has a sale that is not rejected. */
  async insert(db: Exec, sale: NewSaleRow): Promise<number> {
    const row = await db.insertInto('sales').values(sale).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /** A member's sales, newest effective date first (then newest id). */
  listForMember(db: Exec, memberId: number): Promise<SaleWithVerifierRow[]> {
    return withVerifier(db)
      .where('sales.member_id', '=', memberId)
      .orderBy('sales.effective_date', 'desc')
      .orderBy('sales.id', 'desc')
      .execute();
  },

  /**
   * At most `limit` of a member's sales with an effective date in the range (inclusive; null: open),
   * in listForMember's order, after the sale at `after` (keyset paging, decision 036).
   */
  page(
    db: Exec,
    memberId: number,
    range: { from: string | null; to: string | null },
    after: PagePosition | null,
    limit: number,
  ): Promise<SaleWithVerifierRow[]> {
    return withVerifier(db)
      .where('sales.member_id', '=', memberId)
      .$if(range.from !== null, (q) => q.where('sales.effective_date', '>=', range.from!))
      .$if(range.to !== null, (q) => q.where('sales.effective_date', '<=', range.to!))
      .$if(after !== null, (q) =>
        q.where((eb) => eb(eb.refTuple('sales.effective_date', 'sales.id'), '<', eb.tuple(after!.date, after!.id))),
      )
      .orderBy('sales.effective_date', 'desc')
      .orderBy('sales.id', 'desc')
      .limit(limit)
      .execute();
  },

  /**
   * Over a member's sales in the range, in one aggregate query: how many rows, and how many count
   * as sales (countedSaleSql: not rejected, not cancelled) with their TCV (centavos).
   */
  async rangeTotals(
    db: Exec,
    memberId: number,
    range: { from: string | null; to: string | null },
  ): Promise<{ count: number; counted: number; tcvCentavos: number }> {
    const row = await db
      .selectFrom('sales')
      .where('sales.member_id', '=', memberId)
      .$if(range.from !== null, (q) => q.where('sales.effective_date', '>=', range.from!))
      .$if(range.to !== null, (q) => q.where('sales.effective_date', '<=', range.to!))
      .select([
        sql<number | string>`count(*)`.as('n'),
        sql<number | string>`coalesce(sum(case when ${countedSaleSql('sales')} then 1 else 0 end), 0)`.as('counted'),
        sql<number | string>`coalesce(sum(case when ${countedSaleSql('sales')} then sales.tcv_centavos else 0 end), 0)`.as('tcv'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), counted: Number(row.counted), tcvCentavos: Number(row.tcv) };
  },

  /** Unverified sales matching the filter, largest TCV first, with their agent's name; at most `limit`. */
  toVerify(db: Exec, filter: ToVerifyFilter, limit: number) {
    return (
      db
        .selectFrom('sales')
        .innerJoin('members as m', 'm.id', 'sales.member_id')
        .selectAll('sales')
        .select(['m.f_name', 'm.m_name', 'm.l_name'])
        // Whether a standing imported statement paid it (decision 037).
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('statement_lines as pl')
                .innerJoin('statement_imports as pi', 'pi.id', 'pl.import_id')
                .select('pl.id')
                .whereRef('pl.sale_id', '=', 'sales.id')
                .where('pl.status', 'in', ['matched', 'differs'])
                .where('pi.undone_at', 'is', null),
            )
            .as('statement_paid'),
        )
        .where((eb) => toVerifyWhere(eb, filter))
        .orderBy('sales.tcv_centavos', 'desc')
        .orderBy('sales.id')
        .limit(limit)
        .execute()
    );
  },

  /** How many unverified sales match the filter, and their TCV (centavos). */
  async toVerifyTotals(db: Exec, filter: ToVerifyFilter): Promise<{ count: number; tcv: number }> {
    const row = await db
      .selectFrom('sales')
      .innerJoin('members as m', 'm.id', 'sales.member_id')
      .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(sales.tcv_centavos), 0)`.as('tcv')])
      .where((eb) => toVerifyWhere(eb, filter))
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), tcv: Number(row.tcv) };
  },

  /** The insurers named on unverified sales, alphabetically. */
  async insurersToVerify(db: Exec): Promise<string[]> {
    const rows = await db
      .selectFrom('sales')
      .select('insurer')
      .distinct()
      .where('verification', '=', 'unverified')
      .where('insurer', 'is not', null)
      .orderBy('insurer')
      .execute();
    return rows.map((r) => r.insurer!).filter(Boolean);
  },

  /** One sale with its deciders' names, or undefined. */
  byId(db: Exec, id: number): Promise<SaleWithVerifierRow | undefined> {
    return withVerifier(db).where('sales.id', '=', id).executeTakeFirst();
  },

  /** The sale, locked until the transaction ends (PostgreSQL), for cancelling it once. */
  lockForCancel(db: Exec, id: number) {
    const query = db.selectFrom('sales').select(['id', 'member_id', 'verification', 'tcv_centavos', 'cancelled_on']).where('id', '=', id);
    return (hasRowLocks(db) ? query.forUpdate() : query).executeTakeFirst();
  },

  /** Records a cancellation on a sale not cancelled yet; false when it was cancelled meanwhile. */
  async cancel(
    db: Exec,
    id: number,
    c: { cancelled_on: string; cancel_reason: string; refund_centavos: number; cancelled_by: number; cancelled_at: string },
  ): Promise<boolean> {
    const r = await db.updateTable('sales').set(c).where('id', '=', id).where('cancelled_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** The sales of `ids`, locked until the transaction ends (PostgreSQL), for deciding them once. */
  lockForDecision(db: Exec, ids: readonly number[]) {
    const query = db
      .selectFrom('sales')
      .select(['id', 'member_id', 'entered_by', 'verification', 'tcv_centavos', 'customer_name', 'product'])
      .where('id', 'in', ids)
      .orderBy('id');
    return (hasRowLocks(db) ? query.forUpdate() : query).execute();
  },

  /** Of `saleIds`, those with a commission entry (an override included) earned by `memberId`. */
  async payingTo(db: Exec, saleIds: readonly number[], memberId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('commission_entries')
      .select('sale_id')
      .distinct()
      .where('sale_id', 'in', saleIds)
      .where('member_id', '=', memberId)
      .orderBy('sale_id')
      .execute();
    return rows.map((r) => r.sale_id!);
  },

  /** Verifies those of `ids` still unverified; returns the ids it verified (decision 037: a statement's evidence). */
  async verifyReturning(db: Exec, ids: readonly number[], by: number, at: string): Promise<number[]> {
    const verified: number[] = [];
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await db
        .updateTable('sales')
        .set({ verification: 'verified', verified_by: by, verified_at: at, rejection_reason: null })
        .where('id', 'in', ids.slice(i, i + 1000))
        .where('verification', '=', 'unverified')
        .returning('id')
        .execute();
      verified.push(...rows.map((r) => r.id));
    }
    return verified.sort((a, b) => a - b);
  },

  /** Of `saleIds`, those with a commission entry posted by a month's close (on a statement). */
  async postedOf(db: Exec, saleIds: readonly number[]): Promise<number[]> {
    if (saleIds.length === 0) return [];
    const rows = await db
      .selectFrom('commission_entries')
      .select('sale_id')
      .distinct()
      .where('sale_id', 'in', saleIds)
      .where('statement_id', 'is not', null)
      .orderBy('sale_id')
      .execute();
    return rows.map((r) => r.sale_id!);
  },

  /** Verified sales back to unverified (an undone statement import, decision 037). */
  async unverify(db: Exec, ids: readonly number[]): Promise<number> {
    let n = 0;
    for (let i = 0; i < ids.length; i += 1000) {
      const r = await db
        .updateTable('sales')
        .set({ verification: 'unverified', verified_by: null, verified_at: null })
        .where('id', 'in', ids.slice(i, i + 1000))
        .where('verification', '=', 'verified')
        .executeTakeFirst();
      n += Number(r.numUpdatedRows);
    }
    return n;
  },

  /** Decides unverified sales; returns how many were decided (fewer when some were decided meanwhile). */
  async decide(
    db: Exec,
    ids: readonly number[],
    decision: { verification: 'verified' | 'rejected'; verified_by: number; verified_at: string; rejection_reason: string | null },
  ): Promise<number> {
    const r = await db
      .updateTable('sales')
      .set(decision)
      .where('id', 'in', ids)
      .where('verification', '=', 'unverified')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /**
   * The renewal link on the renewed policy (decision 025, db/policy-status.ts): `saleId`, a counted
   * sale that renews policy `policyId`, is recorded on it, unless a counted one already is.
   */
  async linkRenewal(db: Exec, policyId: number, saleId: number) {
    await db
      .updateTable('sales')
      .set({ renewed_by_sale_id: saleId })
      .where('id', '=', policyId)
      .where('renewed_by_sale_id', 'is', null)
      .execute();
  },

  /**
   * A renewal sale rejected or cancelled renews nothing any more: the policies it renewed (its
   * renews_sale_id, found by primary key) lose the link when it is theirs.
   */
  async unlinkRenewals(db: Exec, saleIds: readonly number[]) {
    if (saleIds.length === 0) return;
    await db
      .updateTable('sales')
      .set({ renewed_by_sale_id: null })
      .where('id', 'in', (eb) =>
        eb.selectFrom('sales as r').select('r.renews_sale_id').where('r.id', 'in', saleIds).where('r.renews_sale_id', 'is not', null),
      )
      .where('renewed_by_sale_id', 'in', saleIds)
      .execute();
  },
};

type ToVerifyBuilder = ExpressionBuilder<Database & { m: MembersTable }, 'sales' | 'm'>;

/** Unverified, and each filter given: insurer and product exactly, the agent by part of their name, the effective date inclusive. */
function toVerifyWhere(eb: ToVerifyBuilder, f: ToVerifyFilter) {
  // Not the admin's own sales, nor those they entered, nor those paying them (decision 018): another admin verifies those.
  const conditions: Expression<SqlBool>[] = [
    eb('sales.verification', '=', 'unverified'),
    eb('sales.member_id', '!=', f.excludeMember),
    eb.or([eb('sales.entered_by', 'is', null), eb('sales.entered_by', '!=', f.excludeMember)]),
    // NOT IN over the admin's own entries (read once through their index, hashed), not a NOT EXISTS
    // probe per sale: with stale statistics PostgreSQL planned the probe as a scan of every entry
    // per listed sale (bench/README.md, "Sales to verify with separation of duties").
    eb(
      'sales.id',
      'not in',
      eb
        .selectFrom('commission_entries as ce')
        .select('ce.sale_id')
        .where('ce.member_id', '=', f.excludeMember)
        .where('ce.sale_id', 'is not', null),
    ),
  ];
  if (f.insurer) conditions.push(eb('sales.insurer', '=', f.insurer));
  if (f.product) conditions.push(eb('sales.product', '=', f.product));
  if (f.agent) conditions.push(sql<SqlBool>`m.search_name like ${`%${likeEscape(f.agent)}%`} escape '\\'`);
  if (f.from) conditions.push(eb('sales.effective_date', '>=', f.from));
  if (f.to) conditions.push(eb('sales.effective_date', '<=', f.to));
  return eb.and(conditions);
}
