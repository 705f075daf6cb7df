import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import type { SetupChecklistService } from './setup-checklist-service.ts';

/** setupchecklist (decision 018): the member and admins, by the route table's owner rule. */
export function setupChecklistRoutes(app: FastifyInstance, checklist: SetupChecklistService) {
  apiRoute(app, routes.setupChecklist, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return checklist.checklist(request.body.id);
  });
}
