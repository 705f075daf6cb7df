import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

const KINDS_BEFORE = `kind in ('sale', 'override', 'adjustment')`;
const KINDS_AFTER = `kind in ('sale', 'override', 'adjustment', 'reversal')`;

/**
 * Cancellations, carry-forward and withholding tax (decision 019):
 * - sales: a cancellation (the day, why, the refund, who and when), written once.
 * - commission_entries: kind 'reversal' and `reverses_id`, the entry a reversal takes back; unique,
 *   so an entry is reversed at most once, whatever runs at the same time.
 * - commission_statements: `total_centavos` becomes `gross_centavos`; brought forward (and the
 *   carried statement it came from, unique: a balance is brought forward once), the tax withheld,
 *   its rate and ATC, the net and whether it was carried. Statements closed before this migration
 *   keep their total as gross and net, with no tax (none was withheld then).
 * - member_withholding: a dated, append-only rate per member. payout_settings: append-only versions
 *   of the minimum payout and the ATCs. members.tin.
 */
export const m010CancellationsTax = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sales').addColumn('cancelled_on', 'varchar(10)').execute();
    await db.schema.alterTable('sales').addColumn('cancel_reason', 'varchar(200)').execute();
    await db.schema.alterTable('sales').addColumn('refund_centavos', 'bigint').execute();
    await db.schema
      .alterTable('sales')
      .addColumn('cancelled_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('sales').addColumn('cancelled_at', 'varchar(30)').execute();

    await db.schema
      .alterTable('commission_entries')
      .addColumn('reverses_id', 'integer', (c) => c.references('commission_entries.id').onDelete('restrict'))
      .execute();
    await widenKinds(db, dialect, KINDS_BEFORE, KINDS_AFTER);
    await db.schema.createIndex('commission_entries_reverses_key').on('commission_entries').column('reverses_id').unique().execute();

    await db.schema.alterTable('commission_statements').renameColumn('total_centavos', 'gross_centavos').execute();
    const add = async (name: string, type: 'bigint' | 'integer', fallback: number) =>
      db.schema
        .alterTable('commission_statements')
        .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
        .execute();
    await add('brought_forward_centavos', 'bigint', 0);
    await add('withholding_centavos', 'bigint', 0);
    await add('net_centavos', 'bigint', 0);
    await add('withholding_rate_hundredths', 'integer', 0);
    await add('carried', 'integer', 0);
    await db.schema
      .alterTable('commission_statements')
      .addColumn('atc', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('commission_statements')
      .addColumn('brought_forward_from', 'integer', (c) => c.references('commission_statements.id').onDelete('restrict'))
      .execute();
    await db
      .updateTable('commission_statements')
      .set({ net_centavos: sql`gross_centavos` })
      .execute();
    await db.schema
      .createIndex('commission_statements_brought_forward_key')
      .on('commission_statements')
      .column('brought_forward_from')
      .unique()
      .execute();
    await db.schema
      .createIndex('commission_statements_member_carried_idx')
      .on('commission_statements')
      .columns(['member_id', 'carried'])
      .execute();

    await withId(db.schema.createTable('member_withholding'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('restrict'))
      .addColumn('rate_hundredths', 'integer', (c) => c.notNull().check(sql`rate_hundredths in (500, 1000)`))
      .addColumn('effective_from', 'varchar(10)', notNull)
      .addColumn('reason', 'varchar(200)', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('created_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('member_withholding_member_idx')
      .on('member_withholding')
      .columns(['member_id', 'effective_from', 'id'])
      .execute();

    await withId(db.schema.createTable('payout_settings'), dialect)
      .addColumn('minimum_payout_centavos', 'bigint', (c) => c.notNull().check(sql`minimum_payout_centavos >= 0`))
      .addColumn('atc_5', 'varchar(10)', notNull)
      .addColumn('atc_10', 'varchar(10)', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('created_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();

    await db.schema.alterTable('members').addColumn('tin', 'varchar(20)').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('members').dropColumn('tin').execute();
    await db.schema.dropTable('payout_settings').execute();
    await db.schema.dropTable('member_withholding').execute();
    await db.schema.dropIndex('commission_statements_member_carried_idx').execute();
    await db.schema.dropIndex('commission_statements_brought_forward_key').execute();
    for (const column of [
      'brought_forward_from',
      'atc',
      'carried',
      'withholding_rate_hundredths',
      'net_centavos',
      'withholding_centavos',
      'brought_forward_centavos',
    ]) {
      await db.schema.alterTable('commission_statements').dropColumn(column).execute();
    }
    await db.schema.alterTable('commission_statements').renameColumn('gross_centavos', 'total_centavos').execute();
    await db.schema.dropIndex('commission_entries_reverses_key').execute();
    await db.deleteFrom('commission_entries').where('kind', '=', 'reversal').execute();
    await widenKinds(db, dialect, KINDS_AFTER, KINDS_BEFORE);
    await db.schema.alterTable('commission_entries').dropColumn('reverses_id').execute();
    for (const column of ['cancelled_at', 'cancelled_by', 'refund_centavos', 'cancel_reason', 'cancelled_on']) {
      await db.schema.alterTable('sales').dropColumn(column).execute();
    }
  },
});

/**
 * Replaces the CHECK on commission_entries.kind. PostgreSQL alters the constraint. SQLite cannot
 * alter a CHECK: the table is rebuilt as its documentation's 12 steps say (foreign keys off, a new
 * table from the old definition with the new CHECK, the rows copied, the old table dropped, the new
 * one renamed, the indexes made again, the foreign keys checked), in one transaction.
 */
async function widenKinds(db: Kysely<any>, dialect: DialectName, from: string, to: string): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table commission_entries drop constraint commission_entries_kind_check`.execute(db);
    await sql`alter table commission_entries add constraint commission_entries_kind_check check (${sql.raw(to)})`.execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'commission_entries'`.execute(db);
  const create = table.rows[0]!.sql;
  if (!create.includes(from)) throw new Error(`commission_entries has no CHECK (${from})`);
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'commission_entries' and sql is not null`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql
        .raw(create.replace(/^CREATE TABLE\s+"?commission_entries"?/i, 'create table "commission_entries_new"').replace(from, to))
        .execute(db);
      await sql`insert into commission_entries_new select * from commission_entries`.execute(db);
      await sql`drop table commission_entries`.execute(db);
      await sql`alter table commission_entries_new rename to commission_entries`.execute(db);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0)
        throw new Error(`foreign keys broken by the rebuild of commission_entries: ${JSON.stringify(broken.rows)}`);
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
