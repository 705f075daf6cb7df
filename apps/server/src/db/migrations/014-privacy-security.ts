import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { DEFAULT_PRIVACY_NOTICE } from '../default-privacy-notice.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Privacy as the Data Privacy Act asks, and accounts an attacker cannot take over (decision 027).
 *
 * - `privacy_notices`: each published version of the agency's privacy notice (Markdown); version
 *   1 is the default text. `consents`: who accepted which version, when and from where.
 * - `privacy_requests`: a member's request for erasure, open until an admin approves or refuses it
 *   (at most one open per member), with its deadline of 30 working days (NPC Advisory 2021-01).
 * - `access_log`: every read of another person's sensitive data; append-only (a trigger refuses
 *   any change but clearing the reader's address when the reader is erased).
 * - `members.erased_at`: when an approved erasure anonymised the member.
 * - Two-factor sign-in: `member_mfa` (the TOTP secret, when it was confirmed, the last time step
 *   used so a code works once) and `mfa_recovery_codes` (SHA-256 of each one-time code).
 * - `member_devices`: the devices a member signed in from (a long-lived random cookie, hashed),
 *   so a new one is told; `sessions` get the device's user agent and the client address.
 * - Tickets get the type `privacy` (a correction or a copy asked of the data protection officer).
 */
export const m014PrivacySecurity = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('privacy_notices')
      .addColumn('version', 'integer', (c) => c.primaryKey())
      .addColumn('body', 'text', notNull)
      .addColumn('published_at', 'varchar(30)', notNull)
      .addColumn('published_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();
    await db
      .insertInto('privacy_notices')
      .values({ version: 1, body: DEFAULT_PRIVACY_NOTICE, published_at: new Date().toISOString(), published_by: null })
      .execute();

    await withId(db.schema.createTable('consents'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('notice_version', 'integer', (c) => c.notNull().references('privacy_notices.version').onDelete('restrict'))
      .addColumn('accepted_at', 'varchar(30)', notNull)
      .addColumn('ip', 'varchar(45)')
      .addUniqueConstraint('consents_member_version_key', ['member_id', 'notice_version'])
      .execute();

    await withId(db.schema.createTable('privacy_requests'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(20)', (c) => c.notNull().check(sql`kind in ('erasure')`))
      .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('open', 'approved', 'refused')`))
      .addColumn('requested_at', 'varchar(30)', notNull)
      .addColumn('due_on', 'varchar(10)', notNull)
      .addColumn('decided_at', 'varchar(30)')
      .addColumn('decided_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('reason', 'varchar(500)')
      .execute();
    await db.schema
      .createIndex('privacy_requests_open_key')
      .on('privacy_requests')
      .columns(['member_id', 'kind'])
      .unique()
      .where(sql.ref('status'), '=', 'open')
      .execute();
    await db.schema.createIndex('privacy_requests_status_idx').on('privacy_requests').columns(['status', 'due_on']).execute();

    // No foreign keys: an entry outlives anything it names, and the log is never rewritten.
    await withId(db.schema.createTable('access_log'), dialect)
      .addColumn('actor_id', 'integer', notNull)
      .addColumn('subject_id', 'integer', notNull)
      .addColumn('what', 'varchar(40)', notNull)
      .addColumn('detail', 'varchar(200)')
      .addColumn('ip', 'varchar(45)')
      .addColumn('at', 'varchar(30)', notNull)
      .execute();
    await db.schema.createIndex('access_log_subject_idx').on('access_log').columns(['subject_id', 'id']).execute();
    await db.schema.createIndex('access_log_actor_idx').on('access_log').columns(['actor_id', 'id']).execute();
    await db.schema.createIndex('access_log_at_idx').on('access_log').column('at').execute();
    if (dialect === 'postgres') {
      await sql`create function access_log_append_only() returns trigger language plpgsql as $$
        begin
          if new.id is distinct from old.id or new.actor_id is distinct from old.actor_id
            or new.subject_id is distinct from old.subject_id or new.what is distinct from old.what
            or new.detail is distinct from old.detail or new.at is distinct from old.at
            or new.ip is not null then
            raise exception 'access_log is append-only';
          end if;
          return new;
        end $$`.execute(db);
      await sql`create trigger access_log_append_only before update on access_log
        for each row execute function access_log_append_only()`.execute(db);
    } else {
      await sql`create trigger access_log_append_only before update on access_log
        when new.id is not old.id or new.actor_id is not old.actor_id or new.subject_id is not old.subject_id
          or new.what is not old.what or new.detail is not old.detail or new.at is not old.at or new.ip is not null
        begin select raise(abort, 'access_log is append-only'); end`.execute(db);
    }

    await db.schema.alterTable('members').addColumn('erased_at', 'varchar(30)').execute();

    await db.schema
      .createTable('member_mfa')
      .addColumn('member_id', 'integer', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
      // Base32 TOTP secret (160 bits). Never logged, never answered again once confirmed.
      .addColumn('secret', 'varchar(64)', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      // Null while enrolment waits for its first code.
      .addColumn('enabled_at', 'varchar(30)')
      // The last TOTP time step accepted: a code is accepted once.
      .addColumn('last_step', 'bigint')
      .execute();
    await withId(db.schema.createTable('mfa_recovery_codes'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('code_hash', 'varchar(64)', notNull)
      .addColumn('used_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('mfa_recovery_codes_member_idx').on('mfa_recovery_codes').column('member_id').execute();

    await db.schema
      .createTable('member_devices')
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('device_hash', 'varchar(64)', notNull)
      .addColumn('user_agent', 'varchar(300)')
      .addColumn('first_seen_at', 'varchar(30)', notNull)
      .addColumn('last_seen_at', 'varchar(30)', notNull)
      .addPrimaryKeyConstraint('member_devices_pkey', ['member_id', 'device_hash'])
      .execute();

    await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(300)').execute();
    await db.schema.alterTable('sessions').addColumn('ip', 'varchar(45)').execute();

    await replaceTicketTypes(db, dialect, TYPES_BEFORE, TYPES_AFTER);
  },
  async down(db: Kysely<any>) {
    await db.deleteFrom('tickets').where('type', '=', 'privacy').execute();
    await replaceTicketTypes(db, dialect, TYPES_AFTER, TYPES_BEFORE);
    for (const c of ['ip', 'user_agent']) await db.schema.alterTable('sessions').dropColumn(c).execute();
    for (const t of [
      'member_devices',
      'mfa_recovery_codes',
      'member_mfa',
      'access_log',
      'privacy_requests',
      'consents',
      'privacy_notices',
    ]) {
      await db.schema.dropTable(t).execute();
    }
    if (dialect === 'postgres') await sql`drop function access_log_append_only`.execute(db);
    await db.schema.alterTable('members').dropColumn('erased_at').execute();
  },
});

// Written out, as migration 006 wrote them: a migration keeps the values of its day.
const TYPES_BEFORE = `'concerns', 'finance', 'sales', 'registration'`;
const TYPES_AFTER = `'concerns', 'finance', 'sales', 'registration', 'privacy'`;

/** Replaces the CHECK on tickets.type, as migration 010 did for commission_entries.kind (SQLite rebuilds the table). */
async function replaceTicketTypes(db: Kysely<any>, dialect: DialectName, from: string, to: string): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table tickets drop constraint tickets_type_check`.execute(db);
    await sql`alter table tickets add constraint tickets_type_check check (type in (${sql.raw(to)}))`.execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'tickets'`.execute(db);
  const create = table.rows[0]!.sql;
  if (!create.includes(from)) throw new Error(`tickets has no CHECK on (${from})`);
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'tickets' and sql is not null`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(create.replace(/^CREATE TABLE\s+"?tickets"?/i, 'create table "tickets_new"').replace(from, to)).execute(db);
      await sql`insert into tickets_new select * from tickets`.execute(db);
      await sql`drop table tickets`.execute(db);
      await sql`alter table tickets_new rename to tickets`.execute(db);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken by the rebuild of tickets: ${JSON.stringify(broken.rows)}`);
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
