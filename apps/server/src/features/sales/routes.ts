import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import type { SalesService } from './service.ts';

/** Ownership (`id` names the agent) is enforced by the API scope from the route table. */
export function salesRoutes(app: FastifyInstance, sales: SalesService) {
  apiRoute(app, routes.addSale, async (request) => ({ success: true as const, sale: await sales.add(request.body) }));
  apiRoute(app, routes.getSales, async (request) => sales.list(request.body.id));
}
