import type { Kysely, Transaction } from 'kysely';
import type { Database, SalesTable } from '../../db/schema.ts';

type Exec = Kysely<Database> | Transaction<Database>;
export type SaleRow = Omit<SalesTable, 'id'> & { id: number };
export type NewSaleRow = Omit<SaleRow, 'id'>;

export const salesRepository = {
  /** Fails with a unique violation when the deal already has a sale. */
  async insert(db: Exec, sale: NewSaleRow): Promise<number> {
    const row = await db.insertInto('sales').values(sale).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /** A member's sales, newest effective date first (then newest id). */
  listForMember(db: Exec, memberId: number): Promise<SaleRow[]> {
    return db
      .selectFrom('sales')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('effective_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },
};
