import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { ReportsService } from './service.ts';

/**
 * Access (a member, or admins for the agency summary) and ownership (`id` names the member) come
 * from the route table; the scope rules from the service.
 */
export function reportsRoutes(app: FastifyInstance, reports: ReportsService) {
  apiRoute(app, routes.reports, async (request) => reports.report(requireAuth(request), request.body));
  apiRoute(app, routes.agencySummary, async () => reports.agencySummary());
}
