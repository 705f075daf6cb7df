import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Every section belongs to one library, Marketing or Learning (decision 022). The sections made
 * before are Marketing ones: the spec's sidebar reaches materials through Marketing only, so that
 * is where agents found them. The column keeps 'Marketing' as its default (the API's default for
 * a createsection without a library) and a CHECK on the two names. Both databases add a column
 * with a CHECK in place (SQLite tests it against the existing rows), so no table is rebuilt.
 */
export const m012MaterialLibraries = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('sections')
      .addColumn('library', 'varchar(20)', (c) =>
        c
          .notNull()
          .defaultTo('Marketing')
          .check(sql`library in ('Marketing', 'Learning')`),
      )
      .execute();
    await db.schema.createIndex('sections_library_idx').on('sections').columns(['library', 'name_key']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('sections_library_idx').execute();
    await db.schema.alterTable('sections').dropColumn('library').execute();
  },
});
