import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden } from './errors.ts';
import { randomToken, safeEqual } from './tokens.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF protection: every unsafe /api request must echo the XSRF-TOKEN cookie in
 * the X-XSRF-TOKEN header, login and register included. Any API response sets the cookie when
 * the request lacks it.
 */
export function installCsrf(app: FastifyInstance, config: Config) {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomToken(), {
        path: '/',
        sameSite: 'lax',
        secure: config.cookieSecure,
        httpOnly: false,
      });
    }
    if (SAFE_METHODS.has(request.method)) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw forbidden('Missing or invalid CSRF token. Reload the page and try again.');
    }
  });

  app.get('/api/csrf-cookie', { config: { access: 'public' } }, async (_request, reply) => {
    reply.code(204).send();
  });
}
