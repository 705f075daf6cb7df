import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../db/schema.ts';

/** One caller's key on one route: the primary key of idempotency_keys. */
export interface KeyId {
  scope: string;
  route: string;
  idemKey: string;
}

export type KeyRow = Pick<IdempotencyKeysTable, 'fingerprint' | 'status_code' | 'content_type' | 'body' | 'created_at'>;

/** The `Idempotency-Key` rows (migration 015, decision 029). */
export const idempotencyRepository = {
  /** Inserts the row of a request about to work; false when the key's row exists already. */
  async claim(db: Kysely<Database>, id: KeyId, fingerprint: string, at: string): Promise<boolean> {
    const res = await db
      .insertInto('idempotency_keys')
      .values({ scope: id.scope, route: id.route, idem_key: id.idemKey, fingerprint, created_at: at })
      .onConflict((oc) => oc.columns(['scope', 'route', 'idem_key']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1;
  },

  async find(db: Kysely<Database>, id: KeyId): Promise<KeyRow | undefined> {
    return db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'status_code', 'content_type', 'body', 'created_at'])
      .where('scope', '=', id.scope)
      .where('route', '=', id.route)
      .where('idem_key', '=', id.idemKey)
      .executeTakeFirst();
  },

  /**
   * Takes over an unfinished row whose request was abandoned (a crash): only when it is still the
   * row claimed at `claimedAt`, so of several requests taking it over at once one wins.
   */
  async takeOver(db: Kysely<Database>, id: KeyId, claimedAt: string, fingerprint: string, at: string): Promise<boolean> {
    const res = await db
      .updateTable('idempotency_keys')
      .set({ created_at: at })
      .where('scope', '=', id.scope)
      .where('route', '=', id.route)
      .where('idem_key', '=', id.idemKey)
      .where('fingerprint', '=', fingerprint)
      .where('status_code', 'is', null)
      .where('created_at', '=', claimedAt)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** The answer of the request that claimed the row at `claimedAt`, to be given again. */
  async complete(
    db: Kysely<Database>,
    id: KeyId,
    claimedAt: string,
    answer: { status: number; contentType: string | null; body: string },
    at: string,
  ): Promise<void> {
    await db
      .updateTable('idempotency_keys')
      .set({ status_code: answer.status, content_type: answer.contentType, body: answer.body, completed_at: at })
      .where('scope', '=', id.scope)
      .where('route', '=', id.route)
      .where('idem_key', '=', id.idemKey)
      .where('created_at', '=', claimedAt)
      .where('status_code', 'is', null)
      .execute();
  },

  /** Frees the key of a request that failed on the server's side (5xx), so a retry works. */
  async release(db: Kysely<Database>, id: KeyId, claimedAt: string): Promise<void> {
    await db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', id.scope)
      .where('route', '=', id.route)
      .where('idem_key', '=', id.idemKey)
      .where('created_at', '=', claimedAt)
      .where('status_code', 'is', null)
      .execute();
  },

  /** Keys made before `before` (idempotency_keys_created_idx): one DELETE, safe on several instances. */
  async purgeBefore(db: Kysely<Database>, before: string): Promise<number> {
    const res = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
    return Number(res.numDeletedRows);
  },
};
