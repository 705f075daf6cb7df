import type { Kysely, Migration } from 'kysely';
import { notNull } from './helpers.ts';

/**
 * Secrets the server makes for itself (the CSRF signing key): made once by the first instance
 * that starts, then read by every instance that shares the database, so N instances sign and
 * check alike with no configuration (decision 001). `CSRF_SECRET` overrides the stored one.
 */
export const m004ServerSecrets = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
      .addColumn('value', 'varchar(200)', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('server_secrets').execute();
  },
});
