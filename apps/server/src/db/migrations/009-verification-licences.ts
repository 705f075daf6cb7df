import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Verified sales, Insurance Commission licences and held commissions (decision 018):
 * - sales.verification: 'unverified' (every sale until an admin decides, those already recorded
 *   included), 'verified' or 'rejected', with who, when and a rejection's reason. A rejected sale's
 *   deal may be sold again, so "a deal is sold once" becomes "a deal has one sale not rejected": a
 *   partial unique index (both databases have them) keeps two simultaneous sales of a deal safe.
 * - commission_entries.hold_reason: written with the entry when its earner held no verified licence
 *   for the product's lines on the recording day; never changed.
 * - commission_entry_decisions: the one decision on a held entry (released or forfeited), with who,
 *   when and why. Its primary key is the entry: a second decision is refused by the database too.
 * - licenses: a member's licences, each verified or rejected once by an admin.
 */
export const m009VerificationLicences = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('sales')
      .addColumn('verification', 'varchar(20)', (c) => c.notNull().defaultTo('unverified'))
      .execute();
    await db.schema
      .alterTable('sales')
      .addColumn('verified_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('sales').addColumn('verified_at', 'varchar(30)').execute();
    await db.schema.alterTable('sales').addColumn('rejection_reason', 'varchar(200)').execute();
    await db.schema.dropIndex('sales_deal_id_key').execute();
    await db.schema
      .createIndex('sales_deal_id_key')
      .on('sales')
      .column('deal_id')
      .unique()
      .where(sql.ref('verification'), '<>', 'rejected')
      .execute();
    await db.schema.createIndex('sales_deal_idx').on('sales').column('deal_id').execute();
    await db.schema.createIndex('sales_verification_tcv_idx').on('sales').columns(['verification', 'tcv_centavos']).execute();

    await db.schema.alterTable('commission_entries').addColumn('hold_reason', 'varchar(200)').execute();
    await db.schema
      .createTable('commission_entry_decisions')
      .addColumn('entry_id', 'integer', (c) => c.primaryKey().references('commission_entries.id').onDelete('restrict'))
      .addColumn('decision', 'varchar(20)', (c) => c.notNull().check(sql`decision in ('released', 'forfeited')`))
      .addColumn('reason', 'varchar(200)')
      .addColumn('decided_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('decided_at', 'varchar(30)', notNull)
      .execute();

    await withId(db.schema.createTable('licenses'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('restrict'))
      .addColumn('line', 'varchar(40)', notNull)
      .addColumn('license_no', 'varchar(40)', notNull)
      .addColumn('insurer', 'varchar(200)')
      .addColumn('issued_on', 'varchar(10)', notNull)
      .addColumn('expires_on', 'varchar(10)', notNull)
      .addColumn('scan_key', 'varchar(200)')
      .addColumn('scan_type', 'varchar(100)')
      .addColumn('status', 'varchar(20)', (c) => c.notNull().check(sql`status in ('pending', 'verified', 'rejected')`))
      .addColumn('decided_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('decided_at', 'varchar(30)')
      .addColumn('rejection_reason', 'varchar(200)')
      .addColumn('created_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(30)', notNull)
      .execute();
    await db.schema.createIndex('licenses_member_idx').on('licenses').columns(['member_id', 'status', 'line']).execute();
    await db.schema.createIndex('licenses_status_idx').on('licenses').columns(['status', 'expires_on']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('licenses').execute();
    await db.schema.dropTable('commission_entry_decisions').execute();
    await db.schema.alterTable('commission_entries').dropColumn('hold_reason').execute();
    await db.schema.dropIndex('sales_verification_tcv_idx').execute();
    await db.schema.dropIndex('sales_deal_idx').execute();
    await db.schema.dropIndex('sales_deal_id_key').execute();
    await db.schema.createIndex('sales_deal_id_key').on('sales').column('deal_id').unique().execute();
    for (const column of ['rejection_reason', 'verified_at', 'verified_by', 'verification']) {
      await db.schema.alterTable('sales').dropColumn(column).execute();
    }
  },
});
