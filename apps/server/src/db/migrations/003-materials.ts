import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Sections and the materials filed under them. A section's name is unique whatever its case:
 * `name_key` holds the name lower-cased by the server (the same on both databases, where SQL
 * lower() differs for non-ASCII letters). A section with materials cannot be deleted (RESTRICT):
 * a material's file must go with its row, which only the service can do, so removing a section
 * means deleting its materials through the service first. The file itself is in storage under
 * `storage_key`; `title` is the sanitised original file name.
 */
export const m003Materials = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('sections'), dialect)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('name_key', 'varchar(100)', notNull)
      .addColumn('createdat', 'varchar(30)', notNull)
      .execute();
    await db.schema.createIndex('sections_name_key').on('sections').column('name_key').unique().execute();

    await withId(db.schema.createTable('materials'), dialect)
      .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id').onDelete('restrict'))
      .addColumn('title', 'varchar(255)', notNull)
      .addColumn('storage_key', 'varchar(200)', notNull)
      .addColumn('content_type', 'varchar(120)', notNull)
      .addColumn('size', 'bigint', notNull)
      .addColumn('uploaded_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('createdat', 'varchar(30)', notNull)
      .execute();
    await db.schema.createIndex('materials_section_idx').on('materials').column('section_id').execute();
    await db.schema.createIndex('materials_storage_key_key').on('materials').column('storage_key').unique().execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('materials').execute();
    await db.schema.dropTable('sections').execute();
  },
});
