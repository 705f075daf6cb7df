import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * A ticket's conversation (decision 020): the messages of its author and of admins, oldest first.
 * `closes_as` marks the admin's closing message, written with Resolve or Reject in the same
 * transaction; a ticket has at most one (a partial unique index). Tickets and members are never
 * deleted from under a conversation (RESTRICT).
 */
export const m011TicketConversations = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('ticket_replies'), dialect)
      .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('restrict'))
      .addColumn('author_id', 'integer', (c) => c.notNull().references('members.id').onDelete('restrict'))
      // 1 when written by an administrator, as the author was when writing it.
      .addColumn('by_admin', 'integer', (c) => c.notNull().check(sql`by_admin in (0, 1)`))
      .addColumn('message', 'varchar(2000)', notNull)
      .addColumn('closes_as', 'varchar(20)', (c) => c.check(sql`closes_as is null or closes_as in ('Resolved', 'Rejected')`))
      .addColumn('created_at', 'varchar(30)', notNull)
      .addCheckConstraint('ticket_replies_closing_by_admin_check', sql`closes_as is null or by_admin = 1`)
      .execute();
    await db.schema.createIndex('ticket_replies_ticket_idx').on('ticket_replies').columns(['ticket_id', 'id']).execute();
    await db.schema
      .createIndex('ticket_replies_closing_key')
      .on('ticket_replies')
      .column('ticket_id')
      .unique()
      .where(sql.ref('closes_as'), 'is not', null)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('ticket_replies').execute();
  },
});
