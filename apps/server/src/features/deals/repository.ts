import type { Kysely, Transaction } from 'kysely';
import type { Database, DealsTable } from '../../db/schema.ts';

type Exec = Kysely<Database> | Transaction<Database>;
export type DealRow = Omit<DealsTable, 'id'> & { id: number };
export type NewDealRow = Omit<DealRow, 'id'>;
export type DealPatch = Partial<Omit<DealRow, 'id' | 'member_id' | 'createdat'>>;
/** A deal with the id of the sale made from it, if any. */
export type DealWithSaleRow = DealRow & { sale_id: number | null };

export const dealsRepository = {
  async insert(db: Exec, deal: NewDealRow): Promise<number> {
    const row = await db.insertInto('deals').values(deal).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  async update(db: Exec, id: number, patch: DealPatch) {
    await db.updateTable('deals').set(patch).where('id', '=', id).execute();
  },

  /** The deal with this id if it belongs to this member: others' deals are not found. */
  findOwned(db: Exec, memberId: number, dealId: number): Promise<DealWithSaleRow | undefined> {
    return db
      .selectFrom('deals')
      .leftJoin('sales', 'sales.deal_id', 'deals.id')
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
      .leftJoin('sales', 'sales.deal_id', 'deals.id')
      .selectAll('deals')
      .select('sales.id as sale_id')
      .where('deals.member_id', '=', memberId)
      .orderBy('deals.effective_date', 'desc')
      .orderBy('deals.id', 'desc')
      .execute();
  },
};
