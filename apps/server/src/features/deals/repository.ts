import type { PagePosition } from '@ahente/contract/paging';
import type { DealsTable } from '../../db/schema.ts';
import type { Exec } from '../../db/exec.ts';

export type DealRow = Omit<DealsTable, 'id'> & { id: number };
/** A new deal: its source and notes only a store request's (decision 040). */
export type NewDealRow = Omit<DealRow, 'id' | 'source' | 'notes'> & Partial<Pick<DealRow, 'source' | 'notes'>>;
export type DealPatch = Partial<Omit<DealRow, 'id' | 'member_id' | 'createdat'>>;
/** A deal with the id of the sale made from it, if any (a rejected sale does not count: its deal may be sold again, decision 018). */
export type DealWithSaleRow = DealRow & { sale_id: number | null };
/** The From/To filter on the effective date (inclusive; null: that end is open). */
export interface DealRange {
  from: string | null;
  to: string | null;
}

/** A member's deals with their sale (not a rejected one), in the range. */
function dealsOf(db: Exec, memberId: number, range: DealRange) {
  return db
    .selectFrom('deals')
    .leftJoin('sales', (join) => join.onRef('sales.deal_id', '=', 'deals.id').on('sales.verification', '!=', 'rejected'))
    .where('deals.member_id', '=', memberId)
    .$if(range.from !== null, (q) => q.where('deals.effective_date', '>=', range.from!))
    .$if(range.to !== null, (q) => q.where('deals.effective_date', '<=', range.to!));
}

export const dealsRepository = {
  async insert(db: Exec, deal: NewDealRow): Promise<number> {
    const row = await db.insertInto('deals').values(deal).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  async update(db: Exec, id: number, patch: DealPatch) {
    await db.updateTable('deals').set(patch).where('id', '=', id).execute();
  },

  /** The id of the deal that renews policy (sale) `saleId`: at most one (deals_renews_sale_key). */
  async renewalOf(db: Exec, saleId: number): Promise<number | undefined> {
    const row = await db.selectFrom('deals').select('id').where('renews_sale_id', '=', saleId).executeTakeFirst();
    return row?.id;
  },

  /** The deal with this id if it belongs to this member: others' deals are not found. */
  findOwned(db: Exec, memberId: number, dealId: number): Promise<DealWithSaleRow | undefined> {
    return db
      .selectFrom('deals')
      .leftJoin('sales', (join) => join.onRef('sales.deal_id', '=', 'deals.id').on('sales.verification', '!=', 'rejected'))
      .selectAll('deals')
      .select('sales.id as sale_id')
      .where('deals.id', '=', dealId)
      .where('deals.member_id', '=', memberId)
      .executeTakeFirst();
  },

  /** A member's deals, newest effective date first (then newest id). */
  listForMember(db: Exec, memberId: number): Promise<DealWithSaleRow[]> {
    return db
      .selectFrom('deals')
      .leftJoin('sales', (join) => join.onRef('sales.deal_id', '=', 'deals.id').on('sales.verification', '!=', 'rejected'))
      .selectAll('deals')
      .select('sales.id as sale_id')
      .where('deals.member_id', '=', memberId)
      .orderBy('deals.effective_date', 'desc')
      .orderBy('deals.id', 'desc')
      .execute();
  },

  /**
   * At most `limit` of a member's deals in the range, in listForMember's order, after the deal at
   * `after` (keyset paging, decision 036: the index deals_member_effective_id_idx walks straight to it).
   */
  page(db: Exec, memberId: number, range: DealRange, after: PagePosition | null, limit: number): Promise<DealWithSaleRow[]> {
    return dealsOf(db, memberId, range)
      .selectAll('deals')
      .select('sales.id as sale_id')
      .$if(after !== null, (q) =>
        q.where((eb) => eb(eb.refTuple('deals.effective_date', 'deals.id'), '<', eb.tuple(after!.date, after!.id))),
      )
      .orderBy('deals.effective_date', 'desc')
      .orderBy('deals.id', 'desc')
      .limit(limit)
      .execute();
  },

  /** How many deals of the member are in the range, and their TCV (centavos): the deals table's totals, in one query. */
  async rangeTotals(db: Exec, memberId: number, range: DealRange): Promise<{ count: number; tcvCentavos: number }> {
    const row = await db
      .selectFrom('deals')
      .where('deals.member_id', '=', memberId)
      .$if(range.from !== null, (q) => q.where('deals.effective_date', '>=', range.from!))
      .$if(range.to !== null, (q) => q.where('deals.effective_date', '<=', range.to!))
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number | string | null>('deals.tcv_centavos'), eb.val(0)).as('tcv'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), tcvCentavos: Number(row.tcv) };
  },

  /**
   * The number and summed TCV (centavos) of a member's open deals: no sale made from them, and
   * not 'Did not Continue'. Both databases answer a count or a sum of bigints as a string or a
   * number: read them with Number().
   */
  async openTotals(db: Exec, memberId: number): Promise<{ count: number; tcvCentavos: number }> {
    const row = await db
      .selectFrom('deals')
      .leftJoin('sales', (join) => join.onRef('sales.deal_id', '=', 'deals.id').on('sales.verification', '!=', 'rejected'))
      .where('deals.member_id', '=', memberId)
      .where('sales.id', 'is', null)
      .where('deals.deal_status', '!=', 'Did not Continue')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number | string | null>('deals.tcv_centavos'), eb.val(0)).as('tcv'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), tcvCentavos: Number(row.tcv) };
  },
};
