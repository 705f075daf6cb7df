import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

/** As features/members/repository.ts `searchKey` (kept here as written: a migration never changes). */
const searchKey = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Decision 011: members can be deactivated (kept, never deleted), every admin action on a member is
 * recorded, and the admin's name search reads a lower-cased full name that the server computes, so
 * it matches alike on SQLite and PostgreSQL.
 */
export const m005MembersAudit = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('members').addColumn('deactivated_at', 'varchar(30)').execute();
    await db.schema
      .alterTable('members')
      .addColumn('search_name', 'varchar(400)', (c) => c.notNull().defaultTo(''))
      .execute();
    const rows: { id: number; f_name: string; m_name: string | null; l_name: string }[] = await db
      .selectFrom('members')
      .select(['id', 'f_name', 'm_name', 'l_name'])
      .execute();
    for (const r of rows) {
      const name = [r.f_name, r.m_name, r.l_name].filter(Boolean).join(' ');
      await db
        .updateTable('members')
        .set({ search_name: searchKey(name) })
        .where('id', '=', r.id)
        .execute();
    }

    await withId(db.schema.createTable('member_audit'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('actor_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('action', 'varchar(30)', notNull)
      .addColumn('changes', 'text', notNull)
      .addColumn('at', 'varchar(30)', notNull)
      .execute();
    await db.schema.createIndex('member_audit_member_idx').on('member_audit').columns(['member_id', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('member_audit').execute();
    await db.schema.alterTable('members').dropColumn('search_name').execute();
    await db.schema.alterTable('members').dropColumn('deactivated_at').execute();
  },
});
