import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@ahente/contract/idempotency';
import type { Config } from '../config.ts';
import { declarePublicScope, declareScopeAccess, enforceAccess } from './guards.ts';
import type { Sessions } from './sessions.ts';

const DOCS_PREFIX = '/api/docs';

/** The API's OpenAPI description, gathered from the routes registered after it. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: { info: { title: 'Ahente API', version: '1.0.0' } },
    transform: openApiTransform,
  });
}

/**
 * The API docs (swagger-ui, under a CSP of their own: staticCSP): public where API_DOCS says so (in
 * development and tests by default), otherwise to a signed-in administrator only, decided by the
 * scope's rule and the session as on every API route (decision 008).
 */
export async function registerApiDocs(app: FastifyInstance, apiDocs: Config['apiDocs'], sessions: Pick<Sessions, 'load'>): Promise<void> {
  await app.register(async (docs) => {
    if (apiDocs === 'public') {
      declarePublicScope(docs);
    } else {
      declareScopeAccess(docs, 'admin');
      docs.addHook('onRequest', async (request) => {
        await sessions.load(request);
        enforceAccess(request);
      });
    }
    await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  });
}

/**
 * The zod type provider's OpenAPI transform, plus routes that take JSON or a form (editMember,
 * platform/api-route.ts): their body schema is per content type, which the provider does not read.
 */
const openApiTransform: typeof jsonSchemaTransform = (document) => withIdempotencyKey(document, transformBody(document));

/** A route the table marks `idempotent` documents its optional Idempotency-Key header (decision 029). */
function withIdempotencyKey(document: Parameters<typeof jsonSchemaTransform>[0], out: ReturnType<typeof jsonSchemaTransform>) {
  const def = (document as { route?: { config?: { route?: { idempotent?: true } } } }).route?.config?.route;
  if (!def?.idempotent) return out;
  const schema = out.schema as Record<string, unknown>;
  const header = {
    type: 'string',
    pattern: IDEMPOTENCY_KEY_PATTERN.source,
    description:
      'Optional. The same key with the same request answers the first answer again (Idempotent-Replayed: true) and creates nothing; with another request, 422. Kept 24 hours.',
  };
  return { ...out, schema: { ...schema, headers: { type: 'object', properties: { [IDEMPOTENCY_KEY_HEADER]: header } } } };
}

const transformBody: typeof jsonSchemaTransform = (document) => {
  const body = document.schema?.body as { content?: Record<string, { schema: unknown }> } | undefined;
  const json = body?.content?.['application/json']?.schema;
  if (!json) return jsonSchemaTransform(document);
  const out = jsonSchemaTransform({ ...document, schema: { ...document.schema, body: json } });
  const schema = out.schema as Record<string, unknown>;
  return {
    ...out,
    schema: {
      ...schema,
      body: { content: { 'application/json': { schema: schema.body }, 'multipart/form-data': { schema: { type: 'object' } } } },
    },
  };
};
