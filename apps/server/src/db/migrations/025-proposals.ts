import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Insurance proposals (issue 46, decision 038).
 *
 * - proposals: one per quotation (its number), the agent's; its current state: the status
 *   (draft, sent, accepted, declined, withdrawn; "expired" is read from valid_until, never stored),
 *   the latest version and, copied from it for the lists, the client's name, the product, the
 *   validity and the amount due (option 1's, or the accepted option's). The client's link is
 *   `share_token_hash`, the SHA-256 of a random token (≥ 128 bits) that is never stored. `deal_id`
 *   is the deal an acceptance created: one at most (the acceptance is a conditional update of the
 *   status, so a second or concurrent one finds it accepted).
 * - proposal_versions: a sent proposal is not edited: a change is a new version with the same
 *   number; each version keeps the rates it was worked out with (copied, decision 038).
 * - proposal_options: up to three per version, each with its coverage lines (JSON) and its
 *   breakdown in centavos, as the tax engine worked it out when the version was saved.
 * - proposal_events: every change of state with who (an agent, an admin or the client), when and
 *   why; append-only.
 * - proposal_tax_settings, ctpl_premiums: the agency's rates and the CTPL table, append-only like
 *   commission_rates: the latest row effective on a day applies (the latest written on a tie).
 */
export const m025Proposals = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('proposals'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('restrict'))
      .addColumn('number', 'varchar(20)', (c) => c.notNull().unique())
      .addColumn('status', 'varchar(20)', (c) => c.notNull().check(sql`status in ('draft', 'sent', 'accepted', 'declined', 'withdrawn')`))
      .addColumn('version', 'integer', notNull)
      .addColumn('client_name', 'varchar(200)', notNull)
      .addColumn('product', 'varchar(100)', notNull)
      .addColumn('valid_until', 'varchar(10)', notNull)
      .addColumn('amount_due_centavos', 'bigint', notNull)
      .addColumn('share_token_hash', 'varchar(64)', (c) => c.unique())
      .addColumn('show_contact', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`show_contact in (0, 1)`),
      )
      .addColumn('accepted_option', 'integer')
      .addColumn('deal_id', 'integer', (c) => c.references('deals.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('updated_at', 'varchar(30)', notNull)
      .addColumn('sent_at', 'varchar(30)')
      .addColumn('first_opened_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('proposals_member_idx').on('proposals').columns(['member_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('proposals_status_idx').on('proposals').columns(['status', 'valid_until']).execute();
    await db.schema
      .createIndex('proposals_deal_key')
      .on('proposals')
      .column('deal_id')
      .unique()
      .where(sql.ref('deal_id'), 'is not', null)
      .execute();

    await withId(db.schema.createTable('proposal_versions'), dialect)
      .addColumn('proposal_id', 'integer', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('version', 'integer', notNull)
      .addColumn('client_name', 'varchar(200)', notNull)
      .addColumn('client_contact', 'varchar(20)')
      .addColumn('client_email', 'varchar(254)')
      .addColumn('product', 'varchar(100)', notNull)
      .addColumn('tax_line', 'varchar(20)', notNull)
      .addColumn('valid_until', 'varchar(10)', notNull)
      .addColumn('start_date', 'varchar(10)')
      .addColumn('notes', 'varchar(2000)')
      .addColumn('dst_bp', 'integer', notNull)
      .addColumn('vat_bp', 'integer', notNull)
      .addColumn('lgt_bp', 'integer', notNull)
      .addColumn('fst_bp', 'integer', notNull)
      .addColumn('lto_fee_centavos', 'integer', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('created_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addUniqueConstraint('proposal_versions_key', ['proposal_id', 'version'])
      .execute();

    await withId(db.schema.createTable('proposal_options'), dialect)
      .addColumn('version_id', 'integer', (c) => c.notNull().references('proposal_versions.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().check(sql`position between 1 and 3`))
      .addColumn('insurer', 'varchar(100)', notNull)
      .addColumn('insurer_id', 'integer', (c) => c.references('insurers.id').onDelete('set null'))
      .addColumn('plan_name', 'varchar(200)')
      .addColumn('sum_insured_centavos', 'bigint')
      .addColumn('basic_premium_centavos', 'bigint', notNull)
      .addColumn('coverages', 'text', notNull)
      .addColumn('deductible', 'varchar(200)')
      .addColumn('remarks', 'varchar(2000)')
      .addColumn('dst_centavos', 'bigint', notNull)
      .addColumn('vat_centavos', 'bigint', notNull)
      .addColumn('lgt_centavos', 'bigint', notNull)
      .addColumn('fst_centavos', 'bigint', notNull)
      .addColumn('fees_centavos', 'bigint', notNull)
      .addColumn('amount_due_centavos', 'bigint', notNull)
      .addUniqueConstraint('proposal_options_key', ['version_id', 'position'])
      .execute();

    await withId(db.schema.createTable('proposal_events'), dialect)
      .addColumn('proposal_id', 'integer', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('version', 'integer', notNull)
      .addColumn('action', 'varchar(20)', (c) =>
        c.notNull().check(sql`action in ('created', 'revised', 'sent', 'opened', 'accepted', 'declined', 'withdrawn')`),
      )
      .addColumn('by_kind', 'varchar(10)', (c) => c.notNull().check(sql`by_kind in ('agent', 'admin', 'client')`))
      .addColumn('by_member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('option', 'integer')
      .addColumn('reason', 'varchar(500)')
      .addColumn('at', 'varchar(30)', notNull)
      .execute();
    await db.schema.createIndex('proposal_events_proposal_idx').on('proposal_events').columns(['proposal_id', 'id']).execute();

    await withId(db.schema.createTable('proposal_tax_settings'), dialect)
      .addColumn('key', 'varchar(30)', (c) => c.notNull().check(sql`key in ('dst_bp', 'vat_bp', 'lgt_bp', 'fst_bp', 'lto_fee_centavos')`))
      .addColumn('value', 'integer', (c) => c.notNull().check(sql`value >= 0`))
      .addColumn('effective_from', 'varchar(10)', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('created_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('proposal_tax_settings_idx').on('proposal_tax_settings').columns(['key', 'effective_from']).execute();

    await withId(db.schema.createTable('ctpl_premiums'), dialect)
      .addColumn('vehicle_type', 'varchar(30)', notNull)
      .addColumn('years', 'integer', (c) => c.notNull().check(sql`years in (1, 3)`))
      .addColumn('premium_centavos', 'integer', (c) => c.notNull().check(sql`premium_centavos > 0`))
      .addColumn('effective_from', 'varchar(10)', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('created_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('ctpl_premiums_idx').on('ctpl_premiums').columns(['vehicle_type', 'years', 'effective_from']).execute();
  },
  async down(db: Kysely<any>) {
    for (const table of [
      'ctpl_premiums',
      'proposal_tax_settings',
      'proposal_events',
      'proposal_options',
      'proposal_versions',
      'proposals',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
});
