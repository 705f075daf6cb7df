import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Commissions (decision 016):
 * - commission_rates: append-only. Each row is a rate (hundredths of a percent) for a product or a
 *   leadership position from a date on; the rate of a day is the row with the latest
 *   effective_from on or before it (the latest set, when two share a date).
 * - commission_periods: one row per month that was ever touched; closed_at set once, under a row
 *   lock, so a month is closed exactly once and no entry slips into a month being closed.
 * - commission_statements: one per member and closed month, never changed but for its payment.
 * - commission_entries: the ledger. Never updated but to post it to a statement, never deleted.
 *   The rule, rate, base and the leader's position are stored on each entry, so a later rate
 *   change, promotion or sponsor change moves no money already earned.
 */
export const m008Commissions = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('commission_rates'), dialect)
      .addColumn('kind', 'varchar(20)', notNull)
      .addColumn('key', 'varchar(100)', notNull)
      .addColumn('rate_hundredths', 'integer', (c) => c.notNull().check(sql`rate_hundredths between 0 and 10000`))
      .addColumn('effective_from', 'varchar(10)', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('created_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('commission_rates_key_idx')
      .on('commission_rates')
      .columns(['kind', 'key', 'effective_from', 'id'])
      .execute();

    await db.schema
      .createTable('commission_periods')
      .addColumn('period', 'varchar(7)', (c) => c.primaryKey())
      .addColumn('closed_at', 'varchar(30)')
      .addColumn('closed_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();

    await withId(db.schema.createTable('commission_statements'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('restrict'))
      .addColumn('period', 'varchar(7)', (c) => c.notNull().references('commission_periods.period'))
      .addColumn('total_centavos', 'bigint', notNull)
      .addColumn('entry_count', 'integer', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('paid_on', 'varchar(10)')
      .addColumn('paid_reference', 'varchar(100)')
      .addColumn('paid_at', 'varchar(30)')
      .addColumn('paid_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('commission_statements_member_period_key')
      .on('commission_statements')
      .columns(['member_id', 'period'])
      .unique()
      .execute();
    await db.schema.createIndex('commission_statements_period_idx').on('commission_statements').columns(['period', 'member_id']).execute();

    await withId(db.schema.createTable('commission_entries'), dialect)
      // Who earns it. RESTRICT: a ledger is never deleted with its member (members are deactivated, not deleted).
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('restrict'))
      .addColumn('kind', 'varchar(20)', (c) => c.notNull().check(sql`kind in ('sale', 'override', 'adjustment')`))
      .addColumn('sale_id', 'integer', (c) => c.references('sales.id').onDelete('restrict'))
      .addColumn('seller_id', 'integer', (c) => c.references('members.id').onDelete('restrict'))
      .addColumn('position', 'varchar(20)')
      .addColumn('rule', 'varchar(200)', notNull)
      .addColumn('rate_hundredths', 'integer')
      .addColumn('base_centavos', 'bigint')
      .addColumn('amount_centavos', 'bigint', notNull)
      .addColumn('entry_date', 'varchar(10)', notNull)
      .addColumn('period', 'varchar(7)', (c) => c.notNull().references('commission_periods.period'))
      .addColumn('statement_id', 'integer', (c) => c.references('commission_statements.id').onDelete('restrict'))
      .addColumn('reason', 'varchar(200)')
      .addColumn('created_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(30)', notNull)
      .execute();
    await db.schema
      .createIndex('commission_entries_member_date_idx')
      .on('commission_entries')
      .columns(['member_id', 'entry_date', 'id'])
      .execute();
    await db.schema
      .createIndex('commission_entries_period_idx')
      .on('commission_entries')
      .columns(['period', 'statement_id', 'member_id'])
      .execute();
    await db.schema.createIndex('commission_entries_statement_idx').on('commission_entries').columns(['statement_id', 'id']).execute();
    await db.schema.createIndex('commission_entries_sale_idx').on('commission_entries').column('sale_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('commission_entries').execute();
    await db.schema.dropTable('commission_statements').execute();
    await db.schema.dropTable('commission_periods').execute();
    await db.schema.dropTable('commission_rates').execute();
  },
});
