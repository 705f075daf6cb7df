import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import type { Csrf } from '../../platform/csrf.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { Sessions } from '../../platform/sessions.ts';
import type { SecurityService } from './security-service.ts';
import type { AuthService } from './service.ts';

export function authRoutes(app: FastifyInstance, auth: AuthService, security: SecurityService, sessions: Sessions, csrf: Csrf) {
  apiRoute(app, routes.csrfCookie, async (_request, reply) => reply.code(204).send());

  apiRoute(app, routes.login, async (request, reply) => {
    const { id, ...user } = await auth.login(request.body.username, request.body.password, request.ip, request.body.code);
    // A new session, and a CSRF token signed for it: the one sent before login no longer works.
    csrf.issue(reply, await sessions.start(request, reply, id));
    // The device (a long-lived random cookie): a new one tells the member (decision 027).
    await security.recordDevice(id, sessions.deviceToken(request, reply), request.headers['user-agent'] ?? null, request.ip);
    // Read once the device is recorded: the same answer GET /api/me gives for this session
    // (decision 001).
    return { ...user, first_login: await security.firstSignIn(id) };
  });

  apiRoute(app, routes.me, async (request) => auth.me(requireAuth(request)));

  apiRoute(app, routes.setLanguage, async (request, reply) => {
    await auth.setLanguage(requireAuth(request), request.body.language);
    return reply.code(204).send();
  });

  apiRoute(app, routes.logout, async (request, reply) => {
    await sessions.end(request, reply);
    csrf.issue(reply, '');
    return reply.code(204).send();
  });

  apiRoute(app, routes.changePassword, async (request) => {
    await auth.changePassword(requireAuth(request), request.body.id, request.body.password, request.body.current_password);
    return { success: true as const };
  });

  apiRoute(app, routes.register, async (request) => ({ id: await auth.register(request.body, request.ip) }));

  apiRoute(app, routes.referralSponsor, async (request) => auth.referralSponsor(request.body.code, request.ip));

  // Password reset by e-mail (decision 026).
  apiRoute(app, routes.loginOptions, async () => auth.loginOptions());

  apiRoute(app, routes.forgotPassword, async (request) => auth.forgotPassword(request.body.login, request.ip));

  apiRoute(app, routes.resetPassword, async (request, reply) => {
    await auth.resetPassword(request.body.token, request.body.password);
    return reply.code(204).send();
  });
}
