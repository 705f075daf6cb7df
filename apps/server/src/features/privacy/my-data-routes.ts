import type { FastifyInstance } from 'fastify';
import { myDataFileName } from '@ahente/contract/my-data';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { attachmentDisposition } from '../../platform/file-names.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { ErasureService } from './erasure-service.ts';
import type { MyDataService } from './my-data-service.ts';

/**
 * My data and erasure (decision 027). Who may call each is the route table's: a member's copy and
 * request for the member (and, for the copy, administrators: logged as a data export by the access
 * log's hook); the decision and the queue for administrators.
 */
export function myDataRoutes(app: FastifyInstance, myData: MyDataService, erasure: ErasureService) {
  apiRoute(app, routes.myData, async (request, reply) => {
    const stream = await myData.export(request.params.id, request.log);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachmentDisposition(myDataFileName(request.params.id)))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  apiRoute(app, routes.requestErasure, async (request) => ({
    request: await erasure.request(request.body.id, request.body.password),
  }));

  apiRoute(app, routes.myPrivacy, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { request: await erasure.latest(request.body.id) };
  });

  apiRoute(app, routes.decideErasure, async (request) => ({
    success: true as const,
    request: await erasure.decide(requireAuth(request), request.body, request.log),
  }));

  apiRoute(app, routes.privacyRequests, async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return erasure.queue();
  });
}
