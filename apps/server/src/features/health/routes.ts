import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import type { HealthService } from './service.ts';

export function healthRoutes(app: FastifyInstance, health: HealthService) {
  apiRoute(app, routes.health, async (_request, reply) =>
    (await health.databaseAnswers()) ? { ok: true as const } : reply.code(503).send({ ok: false, error: 'Database is not answering' }),
  );
}
