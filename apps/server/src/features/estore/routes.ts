import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { routes } from '@ahente/contract/routes';
import { STORE_IMAGE_MAX_BYTES, saveStoreProductFields } from '@ahente/contract/estore';
import type { Config } from '../../config.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { HttpError, issuesOf } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { receiveUpload } from '../../platform/uploads.ts';
import { closedPage, problemPage, storeCsp, storePage, thanksPage } from './page.ts';
import { STORE_IMAGE_KEY_PREFIX, type EstoreService } from './service.ts';

/** A browser's form post (not an API client's JSON): its answers, errors included, are pages. */
const isFormPost = (request: FastifyRequest) => (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
/**
 * A reader of pages: a browser or a link preview's crawler sends an Accept header (text/html, or
 * anything); an API client sending none is answered a closed store as JSON `{ error }`.
 */
const readsPages = (request: FastifyRequest) => /text\/html|\*\/\*/.test(request.headers.accept ?? '');
const CLOSED = 'This store is not open';

/**
 * The E-Store's routes (decision 040). The public pages are registered in a scope of their own
 * inside the API scope (the route table's hooks apply; no session is loaded for them, guards.ts
 * TOKEN_ROUTES): it alone parses urlencoded forms, and answers a browser's errors as pages.
 */
export function estoreRoutes(app: FastifyInstance, estore: EstoreService, deps: { storage: FileStorage; config: Config }) {
  /** The portal's address for the store's link: PORTAL_URL, else the address this request came to. */
  const base = (request: FastifyRequest) => deps.config.portalUrl ?? `${request.protocol}://${request.host}`;
  apiRoute(app, routes.storeRequests, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return estore.requests(requireAuth(request), request.body.id, request.body.status, base(request));
  });
  apiRoute(app, routes.setStoreRequest, async (request) => ({
    request: await estore.setRequest(requireAuth(request), request.body.request_id, request.body.status),
  }));
  apiRoute(app, routes.storeSettings, async (request) => ({
    store: await estore.saveSettings(request.body.id, request.body.show_photo, request.body.show_contact, base(request)),
  }));
  apiRoute(app, routes.storeProducts, async () => ({ products: await estore.products() }));
  apiRoute(app, routes.saveStoreProduct, async (request) => {
    const auth = requireAuth(request);
    const upload = await receiveUpload(request, deps.storage, {
      fileField: routes.saveStoreProduct.multipart.file,
      maxBytes: STORE_IMAGE_MAX_BYTES,
      keyPrefix: STORE_IMAGE_KEY_PREFIX,
      allowedTypes: ['image/png', 'image/jpeg', 'image/webp'],
    });
    const parsed = saveStoreProductFields.safeParse(upload.fields);
    if (!parsed.success) {
      if (upload.file) await deps.storage.delete(upload.file.key).catch(() => {});
      const issue = parsed.error.issues[0];
      throw new HttpError(400, issue?.message ?? 'Invalid request', {
        details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    return { product: await estore.saveProduct(auth, parsed.data, upload.file) };
  });

  const upgrade = deps.config.cookieSecure;
  const html = (reply: FastifyReply, status: number, page: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', storeCsp(upgrade))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(page);

  app.register(async (store) => {
    store.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 32 * 1024 }, (_request, body, done) => {
      const fields: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(body as string)) if (!(k in fields)) fields[k] = v;
      done(null, fields);
    });
    const fallback = store.errorHandler;
    store.setErrorHandler((err: FastifyError, request, reply) => {
      const def = request.routeOptions.config.route;
      const page = readsPages(request) && (def === routes.storePage || (def === routes.storeRequestForm && isFormPost(request)));
      if (!page) return fallback.call(store, err, request, reply);
      const code = String((request.params as { code?: unknown } | undefined)?.code ?? '').toUpperCase();
      if (request.method === 'GET' || err.statusCode === 404) return html(reply, 404, closedPage(estore.agencyName));
      const messages = hasZodFastifySchemaValidationErrors(err)
        ? [...new Set(issuesOf(err).map((i) => i.message))]
        : [err instanceof HttpError || (err.statusCode ?? 500) < 500 ? err.message : 'Something went wrong on our side. Please try again.'];
      if (!(err instanceof HttpError) && !hasZodFastifySchemaValidationErrors(err) && (err.statusCode ?? 500) >= 500) {
        request.log.error({ err }, 'unhandled error');
      }
      return html(
        reply,
        err.statusCode && err.statusCode < 500 ? err.statusCode : hasZodFastifySchemaValidationErrors(err) ? 400 : 500,
        problemPage({ agency: estore.agencyName, code, messages }),
      );
    });

    apiRoute(store, routes.storePage, async (request, reply) => {
      const state = await estore.page(request.params.code);
      if (!state.open) {
        if (!readsPages(request)) return reply.code(404).send({ error: CLOSED });
        return html(reply, 404, closedPage(estore.agencyName));
      }
      return html(
        reply,
        200,
        storePage({
          agency: estore.agencyName,
          agent: state.agent,
          lines: state.lines,
          products: state.products,
          token: state.token,
          notice: state.notice,
          baseUrl: base(request),
        }),
      );
    });

    apiRoute(store, routes.storeRequestForm, async (request, reply) => {
      const code = request.params.code;
      const done = await estore.request(code, request.body, request.ip);
      return html(
        reply,
        200,
        thanksPage({
          agency: estore.agencyName,
          agentName: done.agentName,
          code,
          client: done.saved ? request.body.name : null,
          mobile: done.saved ? request.body.mobile : null,
          product: done.product,
        }),
      );
    });

    // A product's picture is the agency's public material; an agent's photo is theirs, shown only
    // while they choose to: never kept by a shared cache.
    const image = async (reply: FastifyReply, file: Awaited<ReturnType<EstoreService['image']>>, cache = 'public, max-age=86400') =>
      reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', cache)
        .send(file.stream);
    apiRoute(store, routes.storeImage, async (request, reply) => image(reply, await estore.image(request.params.id)));
    apiRoute(store, routes.storePhoto, async (request, reply) =>
      image(reply, await estore.photo(request.params.code), 'private, no-cache'),
    );
  });
}
