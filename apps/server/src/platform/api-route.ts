import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fileResponse, noContent, type RouteDef } from '@ahente/contract/routes';
import { badRequest } from './errors.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A request of route `R`: its body and params as the route's schemas parse them. */
export type RouteRequest<R extends RouteDef> = FastifyRequest & { body: Out<R['body']>; params: Out<R['params']> };

type SuccessBody<R extends RouteDef> = {
  [S in keyof R['responses']]: S extends 200 | 201 ? Out<R['responses'][S]> : never;
}[keyof R['responses']];

/** A handler returns the success body, or sends the reply itself (another status, a stream, 204). */
export type RouteHandler<R extends RouteDef> = (request: RouteRequest<R>, reply: FastifyReply) => Promise<SuccessBody<R> | FastifyReply>;

/**
 * Registers one route of the contract's table on the API scope: its method, path, access rule
 * and schemas all come from the table, so nothing is declared twice. The scope's hooks then
 * enforce the access rule and ownership (platform/guards.ts).
 */
export function apiRoute<R extends RouteDef>(api: FastifyInstance, def: R, handler: RouteHandler<R>): void {
  // JSON successes are serialised through their schema; a file or an empty body is sent as is.
  const response = Object.fromEntries(
    Object.entries(def.responses).filter(([status, schema]) => Number(status) < 300 && schema !== fileResponse && schema !== noContent),
  );
  // A route that takes JSON or a form (editMember): the schema checks JSON bodies; a form's fields
  // are parsed by its handler (platform/uploads.ts), and a request with neither is refused.
  const either = Boolean(def.body && def.multipart);
  const body = either ? { content: { 'application/json': { schema: def.body } } } : def.body;
  api.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    config: { access: def.access, route: def },
    ...(either
      ? {
          preValidation: async (request: FastifyRequest) => {
            const body: unknown = request.body;
            if (!request.isMultipart() && (typeof body !== 'object' || body === null || Array.isArray(body))) {
              throw badRequest('Request body must be a JSON object or multipart/form-data');
            }
          },
        }
      : {}),
    schema: {
      tags: [def.tag],
      summary: def.summary,
      ...(body ? { body } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(Object.keys(response).length ? { response } : {}),
    },
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
