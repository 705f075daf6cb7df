import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import type { DealsService } from './service.ts';

/** Ownership (`id` names the agent) is enforced by the API scope from the route table. */
export function dealsRoutes(app: FastifyInstance, deals: DealsService) {
  apiRoute(app, routes.addDeal, async (request) => ({ success: true as const, deal: await deals.add(request.body) }));
  apiRoute(app, routes.getDeals, async (request) => deals.list(request.body.id));
  apiRoute(app, routes.dealsPage, async (request) => deals.page(request.body));
  apiRoute(app, routes.activeProposals, async (request) => deals.activeProposals(request.body.id));
  apiRoute(app, routes.editDeal, async (request) => ({ success: true as const, deal: await deals.edit(request.body) }));
}
