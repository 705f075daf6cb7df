import type { Kysely, Migration } from 'kysely';
import { notNull } from './helpers.ts';

/**
 * The `Idempotency-Key` header's memory (decision 029): one row per caller, route and key, inserted
 * before the request's work (the primary key makes a second request with the key wait or replay
 * instead of working), then completed with the answer to give again. Kept for IDEMPOTENCY_KEY_HOURS
 * (24 by default) by the hourly purge, in the database so every instance agrees.
 */
export const m015Idempotency = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('idempotency_keys')
      // 'member:{id}' for a signed-in caller, 'public' otherwise.
      .addColumn('scope', 'varchar(40)', notNull)
      // The matched route's table entry: 'POST /api/adddeals'.
      .addColumn('route', 'varchar(200)', notNull)
      .addColumn('idem_key', 'varchar(255)', notNull)
      // SHA-256 (hex) of the request: its parsed body and params, or a form's fields and file bytes.
      .addColumn('fingerprint', 'varchar(64)', notNull)
      // Null while the first request is at work; then its answer.
      .addColumn('status_code', 'integer')
      .addColumn('content_type', 'varchar(200)')
      .addColumn('body', 'text')
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('completed_at', 'varchar(30)')
      .addPrimaryKeyConstraint('idempotency_keys_pkey', ['scope', 'route', 'idem_key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('idempotency_keys').execute();
  },
});
