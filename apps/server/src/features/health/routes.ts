import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function healthRoutes(app: FastifyInstance, db: Kysely<Database>) {
  app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['health'] } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { ok: true };
    } catch {
      return reply.code(503).send({ ok: false, error: 'Database is not answering' });
    }
  });
}
