import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { insurerKey, policyKey } from '../../lib/insurer-keys.ts';
import { notNull, withId } from './helpers.ts';

/**
 * The agency's side of the money (decision 037): insurers, the agency's own commission schedule per
 * insurer and product, and the insurers' statements imported and reconciled against the sales.
 *
 * - insurers: kept by administrators; `name_key` (the name lower-cased, spaces dropped) is unique,
 *   and so is each alias's key, so a text names one insurer at most. `statement_mapping` is the
 *   column mapping of the insurer's last import (JSON), proposed for the next.
 * - sales.insurer_id: the insurer the sale's `insurer` text names (name or alias), null while the
 *   text names none; `policy_key` is the policy number normalised for matching (lib/insurer-keys.ts).
 *   The migration makes one insurer per spelling of the existing sales that differs only in case
 *   and spaces, and links the sales.
 * - insurer_rates: append-only, like commission_rates: the latest row effective on a day applies.
 * - statement_imports / statement_lines: one import per file (its SHA-256, refused twice while the
 *   first stands), its lines each in one state. Undoing an import is a state change with who, when
 *   and why (`undone_*`), never a delete.
 * - statement_line_decisions: every change of a line's state by a person (matched by hand,
 *   ignored), with who, when and why; the line's own columns hold its current state.
 * - statement_verifications: the sales an import verified (its evidence), each undone with the
 *   import if it is.
 */
export const m024InsurersStatements = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('insurers'), dialect)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('name_key', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('code', 'varchar(20)', (c) => c.notNull().unique())
      .addColumn('active', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`active in (0, 1)`),
      )
      .addColumn('statement_mapping', 'text')
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('created_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('updated_at', 'varchar(30)', notNull)
      .execute();
    await withId(db.schema.createTable('insurer_aliases'), dialect)
      .addColumn('insurer_id', 'integer', (c) => c.notNull().references('insurers.id').onDelete('cascade'))
      .addColumn('alias', 'varchar(100)', notNull)
      .addColumn('alias_key', 'varchar(100)', (c) => c.notNull().unique())
      .execute();
    await db.schema.createIndex('insurer_aliases_insurer_idx').on('insurer_aliases').column('insurer_id').execute();

    await withId(db.schema.createTable('insurer_rates'), dialect)
      .addColumn('insurer_id', 'integer', (c) => c.notNull().references('insurers.id').onDelete('restrict'))
      .addColumn('product', 'varchar(100)', notNull)
      .addColumn('rate_hundredths', 'integer', notNull)
      .addColumn('effective_from', 'varchar(10)', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('created_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('insurer_rates_lookup_idx')
      .on('insurer_rates')
      .columns(['insurer_id', 'product', 'effective_from'])
      .execute();

    await db.schema
      .alterTable('sales')
      .addColumn('insurer_id', 'integer', (c) => c.references('insurers.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('sales').addColumn('policy_key', 'varchar(200)').execute();

    await withId(db.schema.createTable('statement_imports'), dialect)
      .addColumn('insurer_id', 'integer', (c) => c.notNull().references('insurers.id').onDelete('restrict'))
      .addColumn('period', 'varchar(7)', notNull)
      .addColumn('file_name', 'varchar(200)', notNull)
      .addColumn('file_sha256', 'varchar(64)', notNull)
      .addColumn('mapping', 'text', notNull)
      .addColumn('header_row', 'integer', notNull)
      .addColumn('lines', 'integer', notNull)
      .addColumn('received_centavos', 'bigint', notNull)
      .addColumn('statement_total_centavos', 'bigint')
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('created_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('undone_at', 'varchar(30)')
      .addColumn('undone_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('undo_reason', 'varchar(200)')
      .execute();
    // The same bytes twice while the first import stands: refused by the database too.
    await db.schema
      .createIndex('statement_imports_file_key')
      .on('statement_imports')
      .column('file_sha256')
      .unique()
      .where(sql.ref('undone_at'), 'is', null)
      .execute();
    await db.schema.createIndex('statement_imports_insurer_idx').on('statement_imports').columns(['insurer_id', 'period']).execute();

    await withId(db.schema.createTable('statement_lines'), dialect)
      .addColumn('import_id', 'integer', (c) => c.notNull().references('statement_imports.id').onDelete('cascade'))
      /** The line's row number in the file (1-based, as a spreadsheet shows it). */
      .addColumn('row_no', 'integer', notNull)
      .addColumn('policy_no', 'varchar(200)', notNull)
      .addColumn('policy_key', 'varchar(200)', notNull)
      .addColumn('insured_name', 'varchar(200)')
      .addColumn('transaction', 'varchar(20)')
      .addColumn('premium_centavos', 'bigint')
      .addColumn('commission_centavos', 'bigint', notNull)
      .addColumn('effective_date', 'varchar(10)')
      .addColumn('paid_on', 'varchar(10)')
      .addColumn('status', 'varchar(20)', (c) =>
        c.notNull().check(sql`status in ('matched', 'differs', 'unmatched', 'duplicate', 'chargeback', 'ignored')`),
      )
      .addColumn('reason', 'varchar(200)', notNull)
      .addColumn('sale_id', 'integer', (c) => c.references('sales.id').onDelete('set null'))
      .addColumn('expected_centavos', 'bigint')
      .addColumn('suggested_sale_id', 'integer', (c) => c.references('sales.id').onDelete('set null'))
      .addColumn('duplicate_of', 'integer', (c) => c.references('statement_lines.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('statement_lines_import_idx').on('statement_lines').columns(['import_id', 'status', 'row_no']).execute();
    await db.schema.createIndex('statement_lines_sale_idx').on('statement_lines').column('sale_id').execute();
    await db.schema.createIndex('statement_lines_policy_idx').on('statement_lines').column('policy_key').execute();

    await withId(db.schema.createTable('statement_line_decisions'), dialect)
      .addColumn('line_id', 'integer', (c) => c.notNull().references('statement_lines.id').onDelete('cascade'))
      .addColumn('action', 'varchar(20)', (c) => c.notNull().check(sql`action in ('match', 'ignore')`))
      .addColumn('from_status', 'varchar(20)', notNull)
      .addColumn('to_status', 'varchar(20)', notNull)
      .addColumn('sale_id', 'integer', (c) => c.references('sales.id').onDelete('set null'))
      .addColumn('reason', 'varchar(200)')
      .addColumn('decided_at', 'varchar(30)', notNull)
      .addColumn('decided_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('statement_line_decisions_line_idx').on('statement_line_decisions').column('line_id').execute();

    await withId(db.schema.createTable('statement_verifications'), dialect)
      .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id').onDelete('cascade'))
      .addColumn('import_id', 'integer', (c) => c.notNull().references('statement_imports.id').onDelete('cascade'))
      .addColumn('line_id', 'integer', (c) => c.notNull().references('statement_lines.id').onDelete('cascade'))
      .addColumn('verified_at', 'varchar(30)', notNull)
      .addColumn('verified_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('undone_at', 'varchar(30)')
      .addColumn('undone_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();
    // A sale is verified by one standing statement line at most.
    await db.schema
      .createIndex('statement_verifications_sale_key')
      .on('statement_verifications')
      .column('sale_id')
      .unique()
      .where(sql.ref('undone_at'), 'is', null)
      .execute();
    await db.schema.createIndex('statement_verifications_import_idx').on('statement_verifications').column('import_id').execute();

    // The existing sales' insurer texts become insurers, one per spelling that differs only in case
    // and spaces: the most used spelling (trimmed, spaces collapsed) is the name, the first
    // alphabetically on a tie. The other spellings share its key, so the name already recognises
    // them (an alias is a spelling of another key, decision 037). The sales are linked.
    const now = new Date().toISOString();
    const texts = (await db
      .selectFrom('sales')
      .select(['insurer', (eb) => eb.fn.countAll().as('n')])
      .where('insurer', 'is not', null)
      .groupBy('insurer')
      .execute()) as { insurer: string; n: number | string }[];
    const byKey = new Map<string, { spellings: string[]; counts: Map<string, number> }>();
    for (const { insurer, n } of texts) {
      const key = insurerKey(insurer);
      if (key === '') continue;
      const group = byKey.get(key) ?? { spellings: [], counts: new Map<string, number>() };
      const shown = insurer.trim().replace(/\s+/g, ' ').slice(0, 100);
      group.spellings.push(insurer);
      group.counts.set(shown, (group.counts.get(shown) ?? 0) + Number(n));
      byKey.set(key, group);
    }
    const usedCodes = new Set<string>();
    for (const key of [...byKey.keys()].sort()) {
      const { spellings, counts } = byKey.get(key)!;
      const [name] = [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))[0]!;
      const code = uniqueCode(name, usedCodes);
      const row = await db
        .insertInto('insurers')
        .values({ name, name_key: key.slice(0, 100), code, active: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < spellings.length; i += 500) {
        await db
          .updateTable('sales')
          .set({ insurer_id: row.id })
          .where('insurer', 'in', spellings.slice(i, i + 500))
          .execute();
      }
    }
    // The policy numbers' keys, in batches (a big book has tens of thousands of sales).
    for (let after = 0; ;) {
      const batch = (await db
        .selectFrom('sales')
        .select(['id', 'policy_number'])
        .where('id', '>', after)
        .where('policy_number', 'is not', null)
        .orderBy('id')
        .limit(1000)
        .execute()) as { id: number; policy_number: string }[];
      if (batch.length === 0) break;
      for (const sale of batch) {
        await db
          .updateTable('sales')
          .set({ policy_key: policyKey(sale.policy_number) })
          .where('id', '=', sale.id)
          .execute();
      }
      after = batch[batch.length - 1]!.id;
    }
    await db.schema.createIndex('sales_insurer_policy_idx').on('sales').columns(['insurer_id', 'policy_key']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('sales_insurer_policy_idx').execute();
    await db.schema.dropTable('statement_verifications').execute();
    await db.schema.dropTable('statement_line_decisions').execute();
    await db.schema.dropTable('statement_lines').execute();
    await db.schema.dropTable('statement_imports').execute();
    await db.schema.alterTable('sales').dropColumn('policy_key').execute();
    await db.schema.alterTable('sales').dropColumn('insurer_id').execute();
    await db.schema.dropTable('insurer_rates').execute();
    await db.schema.dropTable('insurer_aliases').execute();
    await db.schema.dropTable('insurers').execute();
  },
});

/** A short code from a name's initials (MALAYAN INSURANCE → MI), made unique with a number. */
function uniqueCode(name: string, used: Set<string>): string {
  const words = name
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const base = (words.length > 1 ? words.map((w) => w[0]).join('') : (words[0] ?? 'INS').slice(0, 6)).slice(0, 16) || 'INS';
  let code = base;
  for (let n = 2; used.has(code); n++) code = `${base}${n}`;
  used.add(code);
  return code;
}
