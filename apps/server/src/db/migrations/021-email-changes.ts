import type { Kysely, Migration } from 'kysely';
import { notNull } from './helpers.ts';

/**
 * A member's own change of e-mail is told to the address it replaced (decision 027), with a link
 * ("This wasn't me") that puts that address back. `email_changes` holds one row per such change:
 * the SHA-256 of the link's token (never the token), the two addresses, when, until when the link
 * works, and when it was used. A report, or the member's erasure, ends every open link of the
 * member; the hourly housekeeping deletes rows a day past their expiry.
 */
export const m021EmailChanges = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('email_changes')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('old_email', 'varchar(200)', notNull)
      .addColumn('new_email', 'varchar(200)', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('expires_at', 'varchar(30)', notNull)
      .addColumn('used_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('email_changes_member_idx').on('email_changes').column('member_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('email_changes').execute();
  },
});
