import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { alphalistDatFileName, alphalistXlsxFileName, form2307FileName } from '@ahente/contract/tax';
import { apiRoute } from '../../platform/api-route.ts';
import { sendGeneratedFile, XLSX_TYPE } from '../../platform/generated-file.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { TaxService } from './service.ts';

/** Who may call each route is in the route table: a member's rate and 2307s for the member and admins, the rest for admins. */
export function taxRoutes(app: FastifyInstance, tax: TaxService) {
  apiRoute(app, routes.payoutSettings, async () => tax.payoutSettings());
  apiRoute(app, routes.setPayoutSettings, async (request) => tax.setPayoutSettings(requireAuth(request), request.body));
  apiRoute(app, routes.withholding, async (request) => tax.withholding(request.body.id));
  apiRoute(app, routes.setWithholding, async (request) => tax.setWithholding(requireAuth(request), request.body));
  apiRoute(app, routes.form2307s, async (request) => tax.form2307s(request.body.id));
  apiRoute(app, routes.form2307Pdf, async (request, reply) => {
    const { id, year, quarter } = request.params;
    const { bytes } = await tax.form2307(id, year, quarter);
    return sendGeneratedFile(reply, bytes, 'application/pdf', form2307FileName(id, year, quarter));
  });
  apiRoute(app, routes.alphalist, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return tax.alphalist(request.params.year, request.params.quarter);
  });
  apiRoute(app, routes.alphalistXlsx, async (request, reply) => {
    const { year, quarter } = request.params;
    return sendGeneratedFile(reply, await tax.alphalistXlsx(year, quarter), XLSX_TYPE, alphalistXlsxFileName(year, quarter));
  });
  apiRoute(app, routes.alphalistDat, async (request, reply) => {
    const { year, quarter } = request.params;
    const { text, agencyTin } = await tax.alphalistDat(year, quarter);
    return sendGeneratedFile(reply, text, 'text/plain; charset=us-ascii', alphalistDatFileName(agencyTin, year, quarter));
  });
}
