import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';

/** The queries of backups and restores (decision 034): the snapshot, the schema's level, what a target holds. */
export const backupRepository = {
  /** The last migration applied (their names sort in order), or null before any. */
  async migrationLevel(db: Kysely<Database>, dialect: DialectName): Promise<string | null> {
    const tables = await this.tables(db, dialect);
    if (!tables.includes('kysely_migration')) return null;
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
    return rows[0]?.name ?? null;
  },

  /** Every table of the database's own (not the system's). */
  async tables(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
    if (dialect === 'sqlite') {
      const { rows } = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
      return rows.map((r) => r.name);
    }
    const { rows } = await sql<{ name: string }>`
      select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg_toast%'
      order by 1`.execute(db);
    return rows.map((r) => r.name.replace(/^public\./, ''));
  },

  /** PostgreSQL: the transaction's snapshot, exported for pg_dump's --snapshot. */
  async exportSnapshot(trx: Kysely<Database>): Promise<string> {
    const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
    return rows[0]!.id;
  },

  /** PostgreSQL: server_version_num (150020 for 15.20). */
  async serverVersionNum(db: Kysely<Database>): Promise<number> {
    const { rows } = await sql<{ v: string }>`select current_setting('server_version_num') as v`.execute(db);
    return Number(rows[0]!.v);
  },

  /**
   * PostgreSQL, restore --force: drops every schema of the database's own with all it holds, and
   * makes an empty `public` again.
   */
  async wipePostgres(db: Kysely<Database>): Promise<void> {
    const { rows } = await sql<{ name: string }>`
      select nspname as name from pg_namespace
      where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg_toast%' and nspname not like 'pg_temp%'`.execute(
      db,
    );
    await db.transaction().execute(async (trx) => {
      for (const { name } of rows) await sql`drop schema ${sql.id(name)} cascade`.execute(trx);
      await sql`create schema public`.execute(trx);
    });
  },
};
