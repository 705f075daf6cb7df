import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { InsurersService } from './service.ts';

/** Insurers and the agency's schedule (decision 037): members read the active names, admins the rest. */
export function insurersRoutes(app: FastifyInstance, insurers: InsurersService) {
  apiRoute(app, routes.insurers, async () => insurers.options());
  apiRoute(app, routes.adminInsurers, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return insurers.adminList();
  });
  apiRoute(app, routes.saveInsurer, async (request) => insurers.save(requireAuth(request), request.body));
  apiRoute(app, routes.linkInsurerName, async (request) => insurers.linkName(request.body));
  apiRoute(app, routes.setInsurerRate, async (request) => ({ rate: await insurers.setRate(requireAuth(request), request.body) }));
  apiRoute(app, routes.insurerRates, async (request) => insurers.rates(request.body.insurer_id));
}
