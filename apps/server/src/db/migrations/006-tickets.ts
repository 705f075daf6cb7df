import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

// Written out, not imported from the contract: a migration keeps the values of its day.
const TYPES = ['concerns', 'finance', 'sales', 'registration'];
const STATUSES = ['Pending', 'Resolved', 'Rejected'];
const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

/**
 * Tickets (decision 012): opened by a member (member_id null for the agency's own sample
 * tickets), Pending until an admin resolves or rejects them. CHECK constraints hold the type and
 * status lists and the rule that a ticket has a closing time exactly when it is closed, on both
 * databases. A member who leaves (a row removed) leaves their tickets behind, without an owner.
 */
export const m006Tickets = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('tickets'), dialect)
      .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('description', 'varchar(2000)', notNull)
      .addColumn('type', 'varchar(20)', notNull)
      .addColumn('status', 'varchar(20)', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('closed_at', 'varchar(30)')
      .addColumn('closed_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('updated_at', 'varchar(30)', notNull)
      .addCheckConstraint('tickets_type_check', oneOf('type', TYPES))
      .addCheckConstraint('tickets_status_check', oneOf('status', STATUSES))
      .addCheckConstraint(
        'tickets_closed_check',
        sql`(status = 'Pending' and closed_at is null) or (status <> 'Pending' and closed_at is not null)`,
      )
      .execute();
    await db.schema.createIndex('tickets_member_created_idx').on('tickets').columns(['member_id', 'created_at']).execute();
    await db.schema.createIndex('tickets_status_created_idx').on('tickets').columns(['status', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('tickets').execute();
  },
});
