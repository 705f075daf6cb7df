import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { SecurityService } from './security-service.ts';

/** Two-factor sign-in and sessions (decision 027). The login's second step is in routes.ts. */
export function securityRoutes(app: FastifyInstance, security: SecurityService) {
  apiRoute(app, routes.mfaStatus, async (request) => security.status(requireAuth(request)));

  apiRoute(app, routes.startMfa, async (request) => security.startEnrolment(requireAuth(request)));

  apiRoute(app, routes.confirmMfa, async (request) => ({
    recovery_codes: await security.confirmEnrolment(requireAuth(request), request.body.code),
  }));

  apiRoute(app, routes.disableMfa, async (request, reply) => {
    await security.disable(requireAuth(request), request.body.password, request.body.code);
    return reply.code(204).send();
  });

  apiRoute(app, routes.regenerateMfaCodes, async (request) => ({
    recovery_codes: await security.regenerateCodes(requireAuth(request), request.body.code),
  }));

  apiRoute(app, routes.resetMemberMfa, async (request) => {
    await security.resetForMember(requireAuth(request), request.body.id);
    return { success: true as const };
  });

  apiRoute(app, routes.sessions, async (request) => security.listSessions(requireAuth(request), request.body.id));

  apiRoute(app, routes.endSession, async (request, reply) => {
    await security.endSession(requireAuth(request), request.body.session_id);
    return reply.code(204).send();
  });

  apiRoute(app, routes.endOtherSessions, async (request) => security.endOtherSessions(requireAuth(request)));

  apiRoute(app, routes.endMemberSessions, async (request) => security.endMemberSessions(requireAuth(request), request.body.id));
}
