import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/**
 * Security headers on every answer (the CSP of decision 004, HSTS with Secure cookies), from
 * helmet's middleware built once. (@fastify/helmet 13, used before, built that middleware again on
 * every request, parsing and checking the CSP each time: 8.8 % of a small answer's CPU time;
 * decision 035.) The API docs answer under a CSP of their own (platform/openapi.ts).
 */
export function installSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'cookieSecure'>): void {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    hsts: config.cookieSecure,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
