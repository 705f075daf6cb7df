import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Settings (decision 015):
 * - members.photo and members.valid_id hold storage keys (platform/storage.ts; never a client
 *   path: no screen wrote them before this migration), and their content types, decided from the
 *   files' first bytes, go in photo_type and valid_id_type.
 * - bank_details: at most one record per member (the primary key). A member saves it once; an
 *   administrator may replace it.
 * - certifications: any number per member, never changed once saved.
 */
export const m007Settings = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('members').addColumn('photo_type', 'varchar(100)').execute();
    await db.schema.alterTable('members').addColumn('valid_id_type', 'varchar(100)').execute();

    await db.schema
      .createTable('bank_details')
      .addColumn('member_id', 'integer', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
      .addColumn('bank_name', 'varchar(200)', notNull)
      .addColumn('account_number', 'varchar(20)', notNull)
      .addColumn('account_name', 'varchar(100)', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('updated_at', 'varchar(30)', notNull)
      // Who saved the details last (the member, or the administrator who replaced them).
      .addColumn('updated_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();

    await withId(db.schema.createTable('certifications'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('lfa_code', 'varchar(100)')
      .addColumn('cirm_code', 'varchar(100)')
      .addColumn('coding_date_1', 'varchar(10)')
      .addColumn('coding_date_2', 'varchar(10)')
      .addColumn('individual_hmo', 'varchar(10)')
      .addColumn('sme_hmo', 'varchar(10)')
      .addColumn('corporate_gyrt', 'varchar(10)')
      .addColumn('prepaid_hmo', 'varchar(10)')
      .addColumn('corporate_cgli', 'varchar(10)')
      .addColumn('corporate_hmo', 'varchar(10)')
      .addColumn('createdat', 'varchar(30)', notNull)
      .execute();
    await db.schema.createIndex('certifications_member_idx').on('certifications').columns(['member_id', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('certifications').execute();
    await db.schema.dropTable('bank_details').execute();
    await db.schema.alterTable('members').dropColumn('valid_id_type').execute();
    await db.schema.alterTable('members').dropColumn('photo_type').execute();
  },
});
