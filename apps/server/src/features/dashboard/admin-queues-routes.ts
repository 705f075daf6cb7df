import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { AdminQueuesService } from './admin-queues-service.ts';

/** adminqueues (decision 021): administrators only, by the route table. */
export function adminQueuesRoutes(app: FastifyInstance, queues: AdminQueuesService) {
  apiRoute(app, routes.adminQueues, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return queues.queues(requireAuth(request));
  });
}
