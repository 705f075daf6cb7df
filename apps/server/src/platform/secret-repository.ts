import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export const secretRepository = {
  /** The stored secret `name`, stored first as `candidate` when there is none (first writer wins). */
  async getOrCreate(db: Kysely<Database>, name: string, candidate: string, now: string): Promise<string> {
    await db
      .insertInto('server_secrets')
      .values({ name, value: candidate, created_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  },
};
