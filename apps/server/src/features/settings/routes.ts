import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { SettingsService } from './service.ts';

/** Ownership (`id` names the member) is enforced by the API scope from the route table. */
export function settingsRoutes(app: FastifyInstance, settings: SettingsService) {
  apiRoute(app, routes.getUserBanks, async (request, reply) => {
    // Account numbers are personal: never kept by a shared cache.
    reply.header('cache-control', 'private, no-store');
    return settings.banks(request.params.id);
  });

  apiRoute(app, routes.addUserBanks, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { success: true as const, bank: await settings.saveBank(requireAuth(request), request.body) };
  });

  apiRoute(app, routes.getCertifications, async (request) => settings.certifications(request.body.id));

  apiRoute(app, routes.addCertifications, async (request) => settings.addCertification(request.body));
}
