import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden } from './errors.ts';
import { safeEqual } from './tokens.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const CSRF_FAILED = 'Missing or invalid CSRF token. Reload the page and try again.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Signed double-submit CSRF tokens (decision 001). A token is `nonce.mac`, where mac is an
 * HMAC-SHA256 with the server secret over the nonce and the session it belongs to (the session's
 * id, the SHA-256 of its cookie; '' without one). An unsafe API request must send the
 * XSRF-TOKEN cookie back in X-XSRF-TOKEN, and that token must be one this server signed for the
 * request's session: a cookie planted from a sibling host or over plain HTTP cannot be, because
 * nobody else knows the secret and the session id together.
 */
export function createCsrf(secret: string, config: Pick<Config, 'cookieSecure'>) {
  const mac = (nonce: string, binding: string) => createHmac('sha256', secret).update(`${nonce}.${binding}`).digest('base64url');
  const cookieOptions = { path: '/', sameSite: 'lax' as const, secure: config.cookieSecure, httpOnly: false };

  function valid(token: string | undefined, binding: string): boolean {
    if (!token) return false;
    const dot = token.indexOf('.');
    if (dot <= 0) return false;
    return safeEqual(token.slice(dot + 1), mac(token.slice(0, dot), binding));
  }

  return {
    /** Sets a fresh token for the session `binding` (at login, at logout, or when the request had no valid one). */
    issue(reply: FastifyReply, binding: string): void {
      const nonce = randomBytes(18).toString('base64url');
      reply.setCookie(XSRF_COOKIE, `${nonce}.${mac(nonce, binding)}`, cookieOptions);
    },

    /**
     * For every request matched to an API route: a response carries a valid token when the
     * request lacked one; an unsafe request without a valid token echoed in the header is 403.
     */
    check(request: FastifyRequest, reply: FastifyReply, binding: string): void {
      const cookie = request.cookies[XSRF_COOKIE];
      const ok = valid(cookie, binding);
      if (!ok) this.issue(reply, binding);
      if (SAFE_METHODS.has(request.method)) return;
      const header = request.headers[XSRF_HEADER];
      if (!ok || typeof header !== 'string' || !safeEqual(cookie!, header)) throw forbidden(CSRF_FAILED);
    },

    valid,
  };
}

export type Csrf = ReturnType<typeof createCsrf>;
