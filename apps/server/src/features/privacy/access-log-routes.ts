import type { FastifyInstance } from 'fastify';
import { ACCESS_LOG_EXPORT_FILE_NAME } from '@ahente/contract/privacy';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { sendGeneratedFile, XLSX_TYPE } from '../../platform/generated-file.ts';
import type { AccessLogService } from './access-log-service.ts';

/**
 * The access log (decision 027). Who may call is the route table's: a member's entries for the
 * member and admins (its `member` rule), the whole log and its export for admins. Reading the log
 * is not itself logged: it holds who read what kind of data, never the data.
 */
export function accessLogRoutes(app: FastifyInstance, accessLog: AccessLogService) {
  apiRoute(app, routes.accessLog, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return accessLog.ofMember(request.body);
  });
  apiRoute(app, routes.adminAccessLog, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return accessLog.search(request.body);
  });
  apiRoute(app, routes.adminAccessLogExport, async (request, reply) =>
    sendGeneratedFile(reply, await accessLog.exportWorkbook(request.body), XLSX_TYPE, ACCESS_LOG_EXPORT_FILE_NAME),
  );
}
