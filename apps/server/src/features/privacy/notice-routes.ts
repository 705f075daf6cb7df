import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { NoticeService } from './notice-service.ts';

/**
 * The privacy notice and consent (decision 027); who may call each is declared in the route table.
 */
export function noticeRoutes(app: FastifyInstance, notices: NoticeService) {
  apiRoute(app, routes.privacyNotice, async (_request, reply) => {
    // The notice changes when an admin publishes: never served stale.
    reply.header('cache-control', 'no-cache');
    return notices.current();
  });

  apiRoute(app, routes.publishPrivacyNotice, async (request) => notices.publish(requireAuth(request), request.body.body, request.ip));

  apiRoute(app, routes.acceptPrivacyNotice, async (request) => notices.accept(requireAuth(request), request.body.version, request.ip));
}
