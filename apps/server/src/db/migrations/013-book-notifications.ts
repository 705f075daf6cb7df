import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * The book of business and the notifications that carry its reminders (decisions 025 and 026).
 *
 * - A sale's term: `expiry_date` (null for a Memorial Plan, which has no annual term). Existing
 *   sales get the default, the effective date plus one year minus one day.
 * - The client's contact and e-mail on deals and sales, both optional.
 * - `renews_sale_id` on a deal (at most one renewal deal per policy: a partial unique index) and
 *   on the sale made from it (copied when the deal is sold), so a policy's status is one indexed
 *   lookup; `renewed_by_sale_id` on the renewed policy, the counted sale that renews it. A
 *   renewal deal also carries the renewed policy's `insurer` (null on other deals).
 * - `notifications`: what the bell lists; `dedupe_key` makes a reminder once per policy (or
 *   licence) per threshold, whoever runs the daily job and however often.
 * - `outbox`: what is still to be sent on a channel (e-mail today), written in the event's
 *   transaction and claimed by the sender loop.
 * - `notification_preferences`: a member's e-mail opt-outs per event (in-app is always on).
 * - `password_resets`: one-time reset links (the SHA-256 of the token is stored, never the token).
 */
export const m013BookNotifications = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sales').addColumn('expiry_date', 'varchar(10)').execute();
    for (const table of ['deals', 'sales']) {
      await db.schema.alterTable(table).addColumn('customer_contact', 'varchar(20)').execute();
      await db.schema.alterTable(table).addColumn('customer_email', 'varchar(254)').execute();
      await db.schema
        .alterTable(table)
        .addColumn('renews_sale_id', 'integer', (c) => c.references('sales.id').onDelete('restrict'))
        .execute();
    }
    // The other way round, on the policy: the counted sale (neither rejected nor cancelled) that
    // renews it, kept by the sales service in the transaction that sells, rejects or cancels that
    // sale. A policy's status then reads its own row only (db/policy-status.ts).
    await db.schema
      .alterTable('sales')
      .addColumn('renewed_by_sale_id', 'integer', (c) => c.references('sales.id').onDelete('restrict'))
      .execute();
    // A renewal deal carries the renewed policy's insurer (the Add Sales form starts from it); null on other deals.
    await db.schema.alterTable('deals').addColumn('insurer', 'varchar(200)').execute();
    // The default term of every sale recorded before: one year less a day; none for a Memorial Plan.
    await sql`update sales set expiry_date = ${
      dialect === 'postgres'
        ? // The first of the month a year on, plus the day less two: 29 Feb 2024 gives 28 Feb 2025 (as SQLite and the contract's defaultExpiryDate).
          sql`to_char((date_trunc('month', effective_date::date) + interval '1 year')::date + (extract(day from effective_date::date)::int - 2), 'YYYY-MM-DD')`
        : sql`date(effective_date, '+1 year', '-1 day')`
    } where product <> 'Memorial Plan'`.execute(db);

    await db.schema
      .createIndex('deals_renews_sale_key')
      .on('deals')
      .column('renews_sale_id')
      .unique()
      .where(sql.ref('renews_sale_id'), 'is not', null)
      .execute();
    // The book's indexes (decision 025; bench/README.md, "Portfolio"): a pair per kind of policy,
    // open (neither cancelled nor renewed: in force, due or lapsed by its expiry), renewed and
    // cancelled, each partial on the very terms db/policy-status.ts writes, so that a status is an
    // index range: by member (a member's book, and every count), and in the list's order (a team's
    // pages). No query reads the table for a status; the counts of 300,000 policies are six ranges.
    const policy = sql`verification <> 'rejected'`;
    const pairs: [string, ReturnType<typeof sql>, string[], string[]][] = [
      ['open', sql`cancelled_on is null and renewed_by_sale_id is null`, ['member_id', 'expiry_date'], ['expiry_date', 'id', 'member_id']],
      [
        'renewed',
        sql`cancelled_on is null and renewed_by_sale_id is not null`,
        ['member_id', 'expiry_date'],
        ['expiry_date', 'id', 'member_id'],
      ],
      ['cancelled', sql`cancelled_on is not null`, ['member_id', 'cancelled_on'], ['cancelled_on', 'id', 'member_id']],
    ];
    for (const [kind, terms, byMember, inOrder] of pairs) {
      const where = sql<boolean>`${policy} and ${terms}`;
      await db.schema.createIndex(`sales_${kind}_member_idx`).on('sales').columns(byMember).where(where).execute();
      await db.schema.createIndex(`sales_${kind}_order_idx`).on('sales').columns(inOrder).where(where).execute();
    }

    await withId(db.schema.createTable('notifications'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('event', 'varchar(40)', notNull)
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('body', 'varchar(1000)', notNull)
      // A path inside the portal ('/portfolio'), never an outside address.
      .addColumn('link', 'varchar(200)', notNull)
      .addColumn('dedupe_key', 'varchar(120)')
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('read_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('notifications_member_idx').on('notifications').columns(['member_id', 'id']).execute();
    await db.schema
      .createIndex('notifications_dedupe_key')
      .on('notifications')
      .columns(['member_id', 'dedupe_key'])
      .unique()
      .where(sql.ref('dedupe_key'), 'is not', null)
      .execute();

    await withId(db.schema.createTable('outbox'), dialect)
      // 'email' today; an SMS gateway would be a second channel.
      .addColumn('channel', 'varchar(20)', notNull)
      .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('cascade'))
      .addColumn('notification_id', 'integer', (c) => c.references('notifications.id').onDelete('cascade'))
      .addColumn('recipient', 'varchar(254)', notNull)
      .addColumn('subject', 'varchar(200)', notNull)
      .addColumn('body', 'varchar(4000)', notNull)
      .addColumn('status', 'varchar(10)', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`status in ('pending', 'sent', 'failed')`),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'varchar(30)', notNull)
      .addColumn('last_error', 'varchar(500)')
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('sent_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();

    await db.schema
      .createTable('notification_preferences')
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('event', 'varchar(40)', notNull)
      .addColumn('email', 'integer', (c) => c.notNull().check(sql`email in (0, 1)`))
      .addColumn('updated_at', 'varchar(30)', notNull)
      .addPrimaryKeyConstraint('notification_preferences_pkey', ['member_id', 'event'])
      .execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('expires_at', 'varchar(30)', notNull)
      .addColumn('used_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('password_resets_member_idx').on('password_resets').column('member_id').execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['password_resets', 'notification_preferences', 'outbox', 'notifications']) await db.schema.dropTable(t).execute();
    const book = ['open', 'renewed', 'cancelled'].flatMap((kind) => [`sales_${kind}_member_idx`, `sales_${kind}_order_idx`]);
    for (const i of [...book, 'deals_renews_sale_key']) {
      await db.schema.dropIndex(i).execute();
    }
    for (const table of ['deals', 'sales']) {
      for (const c of ['renews_sale_id', 'customer_email', 'customer_contact']) await db.schema.alterTable(table).dropColumn(c).execute();
    }
    await db.schema.alterTable('deals').dropColumn('insurer').execute();
    await db.schema.alterTable('sales').dropColumn('renewed_by_sale_id').execute();
    await db.schema.alterTable('sales').dropColumn('expiry_date').execute();
  },
});
