import type { FastifyInstance } from 'fastify';
import { PORTFOLIO_EXPORT_FILE_NAME } from '@ahente/contract/portfolio';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { sendGeneratedFile, XLSX_TYPE } from '../../platform/generated-file.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { PortfolioService } from './service.ts';

/**
 * Any member may call (the route table); who may see whose policies, and whether with the
 * clients, is the service's rule (a leader names a member below them, so there is no owner rule).
 */
export function portfolioRoutes(app: FastifyInstance, portfolio: PortfolioService) {
  apiRoute(app, routes.portfolio, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return portfolio.list(requireAuth(request), request.body);
  });
  apiRoute(app, routes.portfolioExport, async (request, reply) =>
    sendGeneratedFile(reply, await portfolio.exportWorkbook(requireAuth(request), request.body), XLSX_TYPE, PORTFOLIO_EXPORT_FILE_NAME),
  );
  apiRoute(app, routes.startRenewal, async (request) => portfolio.startRenewal(requireAuth(request), request.body));
}
