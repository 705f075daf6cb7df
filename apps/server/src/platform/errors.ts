import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error whose text a person may read; `extra` fields join `{ error }` in the body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * An answer decided before it was made: thrown from deep in a handler (an upload whose
 * Idempotency-Key was used already, platform/idempotency.ts), sent as it is by the error handler.
 */
export class PreparedAnswer extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
    readonly headers: Record<string, string>,
  ) {
    super('prepared answer');
  }

  send(reply: FastifyReply): FastifyReply {
    return reply.code(this.statusCode).headers(this.headers).send(this.body);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export interface Issue {
  path: string;
  message: string;
}

export function issuesOf(err: FastifyError): Issue[] {
  return (err.validation ?? []).map((v) => {
    const path = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    let message = v.message ?? 'Invalid value';
    if (!path && /expected object/i.test(message)) message = 'Request body must be a JSON object';
    else if (/expected .*, received undefined/i.test(message)) message = `${path || 'value'} is required`;
    return { path, message };
  });
}

/** Every error leaves as `{ error }` with a 4xx status, or a bare 500 that hides the cause. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof PreparedAnswer) return err.send(reply);
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ ...err.extra, error: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = issuesOf(err);
      return reply.code(400).send({ error: details[0]?.message ?? 'Invalid request', details });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ error: 'The request is too large' });
    if (status === 415) return reply.code(415).send({ error: 'This content type is not supported' });
    if (status === 429) return reply.code(429).send({ error: err.message || 'Too many requests' });
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? 'Request body is not valid JSON' : err.message;
      return reply.code(status).send({ error: message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
}

/**
 * Unknown API paths get a JSON 404 from a route the router matches: `/api/*` for every method, so
 * the router, not a look at the URL text, decides that a path is an API path (however it is
 * spelt: `/%61pi/x` is matched too). It lives outside the API scope, public, and answers nothing
 * but the 404.
 */
export function installApiNotFound(app: FastifyInstance) {
  app.all('/api/*', async (request, reply) => reply.code(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` }));
}

/**
 * Paths no route matches: with the SPA built, a GET (and a HEAD, answered the same way without a
 * body) gets its index.html, for the client's router; anything else a JSON 404.
 */
export function installNotFound(app: FastifyInstance, options: { spa: boolean }) {
  app.setNotFoundHandler((request, reply) => {
    if (options.spa && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
