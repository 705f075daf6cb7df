import type { Kysely, Migration } from 'kysely';

/**
 * Keyset paging of the deals and sales tables (decision 036): a page is the member's rows before
 * (effective_date, id) in that order, newest first. With the id in the index, PostgreSQL walks the
 * index from the cursor and stops after the page, with no sort; SQLite keeps the rowid (the id) in
 * every index already, so the new index is the old one under a name that says so. The ledger's
 * index (commission_entries_member_date_idx) already ends with the id.
 */
export const m018ListPaging = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.createIndex('deals_member_effective_id_idx').on('deals').columns(['member_id', 'effective_date', 'id']).execute();
    await db.schema.dropIndex('deals_member_effective_idx').ifExists().execute();
    await db.schema.createIndex('sales_member_effective_id_idx').on('sales').columns(['member_id', 'effective_date', 'id']).execute();
    await db.schema.dropIndex('sales_member_effective_idx').ifExists().execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.createIndex('deals_member_effective_idx').on('deals').columns(['member_id', 'effective_date']).execute();
    await db.schema.dropIndex('deals_member_effective_id_idx').ifExists().execute();
    await db.schema.createIndex('sales_member_effective_idx').on('sales').columns(['member_id', 'effective_date']).execute();
    await db.schema.dropIndex('sales_member_effective_id_idx').ifExists().execute();
  },
});
