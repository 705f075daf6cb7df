import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

/** Deals and the sales made from them: money as integer centavos, dates as YYYY-MM-DD text. */
export const m002DealsSales = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('deals'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('customer_name', 'varchar(100)', notNull)
      .addColumn('tx_type', 'varchar(20)', notNull)
      .addColumn('product', 'varchar(100)', notNull)
      .addColumn('tcv_centavos', 'bigint', notNull)
      .addColumn('effective_date', 'varchar(10)', notNull)
      .addColumn('deal_status', 'varchar(40)', notNull)
      .addColumn('sales_type', 'varchar(20)', notNull)
      .addColumn('referror', 'varchar(100)')
      .addColumn('agent', 'varchar(100)')
      .addColumn('sales_group', 'varchar(40)', notNull)
      .addColumn('createdat', 'varchar(30)', notNull)
      .addColumn('updated_at', 'varchar(30)', notNull)
      .execute();
    await db.schema.createIndex('deals_member_effective_idx').on('deals').columns(['member_id', 'effective_date']).execute();

    await withId(db.schema.createTable('sales'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('deal_id', 'integer', (c) => c.notNull().references('deals.id'))
      .addColumn('customer_name', 'varchar(100)', notNull)
      .addColumn('tx_type', 'varchar(20)', notNull)
      .addColumn('product', 'varchar(100)', notNull)
      .addColumn('tcv_centavos', 'bigint', notNull)
      .addColumn('policy_number', 'varchar(200)')
      .addColumn('insurer', 'varchar(200)')
      .addColumn('plan_name', 'varchar(200)')
      .addColumn('sales_type', 'varchar(20)', notNull)
      .addColumn('referror', 'varchar(100)')
      .addColumn('agent', 'varchar(100)')
      .addColumn('sales_group', 'varchar(40)', notNull)
      .addColumn('effective_date', 'varchar(10)', notNull)
      .addColumn('createdat', 'varchar(30)', notNull)
      .execute();
    // A deal can be sold once: this constraint is what makes two simultaneous sales safe.
    await db.schema.createIndex('sales_deal_id_key').on('sales').column('deal_id').unique().execute();
    await db.schema.createIndex('sales_member_effective_idx').on('sales').columns(['member_id', 'effective_date']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sales').execute();
    await db.schema.dropTable('deals').execute();
  },
});
