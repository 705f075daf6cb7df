import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

export const m001Members = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('members'), dialect)
      .addColumn('username', 'varchar(50)', notNull)
      .addColumn('password_hash', 'varchar(200)', notNull)
      .addColumn('email', 'varchar(200)', notNull)
      .addColumn('f_name', 'varchar(100)', notNull)
      .addColumn('m_name', 'varchar(100)')
      .addColumn('l_name', 'varchar(100)', notNull)
      .addColumn('contact_no', 'varchar(20)', notNull)
      .addColumn('address', 'varchar(200)')
      .addColumn('referral_code', 'varchar(20)', notNull)
      .addColumn('account_type', 'varchar(20)', notNull)
      .addColumn('position', 'varchar(20)', notNull)
      .addColumn('reg_date', 'varchar(30)', notNull)
      .addColumn('status', 'varchar(20)', notNull)
      .addColumn('referror', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('photo', 'varchar(200)')
      .addColumn('gender', 'varchar(10)')
      .addColumn('birthdate', 'varchar(10)')
      .addColumn('address_number', 'varchar(200)')
      .addColumn('address_street', 'varchar(200)')
      .addColumn('address_region', 'varchar(200)')
      .addColumn('address_city', 'varchar(200)')
      .addColumn('address_barangay', 'varchar(200)')
      .addColumn('valid_id', 'varchar(200)')
      .addColumn('updated_at', 'varchar(30)', notNull)
      .execute();
    // Usernames and emails are unique whatever their case.
    await db.schema.createIndex('members_username_key').on('members').expression(sqlLower('username')).unique().execute();
    await db.schema.createIndex('members_email_key').on('members').expression(sqlLower('email')).unique().execute();
    await db.schema.createIndex('members_referral_code_key').on('members').column('referral_code').unique().execute();
    await db.schema.createIndex('members_referror_idx').on('members').column('referror').execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('last_seen_at', 'varchar(30)', notNull)
      .addColumn('expires_at', 'varchar(30)', notNull)
      .execute();
    await db.schema.createIndex('sessions_member_idx').on('sessions').column('member_id').execute();

    await db.schema
      .createTable('login_throttle')
      .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
      .addColumn('window_start', 'varchar(30)', notNull)
      .addColumn('count', 'integer', notNull)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('login_throttle').execute();
    await db.schema.dropTable('sessions').execute();
    await db.schema.dropTable('members').execute();
  },
});

function sqlLower(column: string) {
  return sql`lower(${sql.ref(column)})`;
}
