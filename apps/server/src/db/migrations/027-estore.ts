import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * The E-Store (issue 48, decision 040).
 *
 * - store_products: the agency's store catalogue, one row per catalogue product: its description,
 *   image (a stored file's key and type), "from" price in centavos (null: none shown), the
 *   questions a quote needs (JSON array of labels) and the licence lines that allow selling it
 *   (JSON array, a subset of decision 018's map); `shown` 0/1.
 * - store_settings: what an agent's store shows of them (photo, contact number); no row: neither.
 * - store_requests: a client's quote request: the client's name, mobile, e-mail, message, the
 *   answers (JSON [{question, answer}]), the privacy notice version consented to and when, the state
 *   the agent moves it through, and the deal it made (one per request).
 * - store_views: page views per store and Manila month (YYYY-MM): a counter, no visitor data.
 * - deals.source ('E-Store' for a deal a store request made; null otherwise) and deals.notes (the
 *   request's answers and message, as text).
 */
export const m027Estore = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('store_products'), dialect)
      .addColumn('product', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('description', 'varchar(300)', notNull)
      .addColumn('price_from_centavos', 'bigint')
      .addColumn('questions', 'text', notNull)
      .addColumn('lines', 'text', notNull)
      .addColumn('shown', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`shown in (0, 1)`),
      )
      .addColumn('image_key', 'varchar(200)')
      .addColumn('image_type', 'varchar(50)')
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('updated_at', 'varchar(30)', notNull)
      .addColumn('updated_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();

    await db.schema
      .createTable('store_settings')
      .addColumn('member_id', 'integer', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
      .addColumn('show_photo', 'integer', (c) => c.notNull().check(sql`show_photo in (0, 1)`))
      .addColumn('show_contact', 'integer', (c) => c.notNull().check(sql`show_contact in (0, 1)`))
      .addColumn('updated_at', 'varchar(30)', notNull)
      .execute();

    await withId(db.schema.createTable('store_requests'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.references('store_products.id').onDelete('set null'))
      .addColumn('product', 'varchar(100)', notNull)
      .addColumn('client_name', 'varchar(100)', notNull)
      .addColumn('client_mobile', 'varchar(20)', notNull)
      .addColumn('client_email', 'varchar(254)')
      .addColumn('message', 'varchar(1000)')
      .addColumn('answers', 'text', notNull)
      .addColumn('status', 'varchar(20)', (c) => c.notNull().check(sql`status in ('new', 'contacted', 'quoted', 'won', 'lost')`))
      .addColumn('deal_id', 'integer', (c) => c.references('deals.id').onDelete('set null'))
      .addColumn('notice_version', 'integer', notNull)
      .addColumn('consented_at', 'varchar(30)', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('updated_at', 'varchar(30)', notNull)
      .execute();
    await db.schema.createIndex('store_requests_member_idx').on('store_requests').columns(['member_id', 'created_at', 'id']).execute();

    await db.schema
      .createTable('store_views')
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('month', 'varchar(7)', notNull)
      .addColumn('views', 'integer', notNull)
      .addPrimaryKeyConstraint('store_views_pk', ['member_id', 'month'])
      .execute();

    await db.schema.alterTable('deals').addColumn('source', 'varchar(20)').execute();
    await db.schema.alterTable('deals').addColumn('notes', 'varchar(4000)').execute();
  },
});
