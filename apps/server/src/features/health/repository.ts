import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const healthRepository = {
  async ping(db: Kysely<Database>) {
    await sql`select 1`.execute(db);
  },
};
