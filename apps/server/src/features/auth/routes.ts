import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequest, registerRequest, registerResponse, sessionUser } from '@ahente/contract/auth';
import type { Csrf } from '../../platform/csrf.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { Sessions } from '../../platform/sessions.ts';
import type { AuthService } from './service.ts';

export function authRoutes(app: FastifyInstance, auth: AuthService, sessions: Sessions, csrf: Csrf) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/login', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: loginRequest, response: { 200: sessionUser } },
    handler: async (request, reply) => {
      const { id, ...user } = await auth.login(request.body.username, request.body.password, request.ip);
      // A new session, and a CSRF token signed for it: the one sent before login no longer works.
      csrf.issue(reply, await sessions.start(request, reply, id));
      return user;
    },
  });

  r.get('/api/me', {
    config: { access: 'member' },
    schema: { tags: ['auth'], response: { 200: sessionUser } },
    handler: async (request) => auth.me(requireAuth(request).memberId),
  });

  r.post('/api/logout', {
    config: { access: 'public' },
    schema: { tags: ['auth'] },
    handler: async (request, reply) => {
      await sessions.end(request, reply);
      csrf.issue(reply, '');
      reply.code(204).send();
    },
  });

  r.post('/api/registeraccounts', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: registerRequest, response: { 200: registerResponse } },
    handler: async (request) => ({ id: await auth.register(request.body) }),
  });
}
