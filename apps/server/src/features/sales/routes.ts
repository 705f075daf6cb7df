import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { SalesService } from './service.ts';

/** Ownership (`id` names the agent) is enforced by the API scope from the route table; verification is for admins (the table too). */
export function salesRoutes(app: FastifyInstance, sales: SalesService) {
  apiRoute(app, routes.addSale, async (request) => ({
    success: true as const,
    sale: await sales.add(request.body, requireAuth(request).memberId),
  }));
  apiRoute(app, routes.getSales, async (request) => sales.list(request.body.id));
  apiRoute(app, routes.salesPage, async (request) => sales.page(request.body));
  apiRoute(app, routes.salesToVerify, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return sales.toVerify(requireAuth(request), request.body);
  });
  apiRoute(app, routes.verifySales, async (request) => sales.verify(requireAuth(request), request.body));
  apiRoute(app, routes.cancelSale, async (request) => sales.cancel(requireAuth(request), request.body));
}
