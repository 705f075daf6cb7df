import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { alphalistDatFileName, alphalistXlsxFileName, form2307FileName } from '@ahente/contract/tax';
import { apiRoute } from '../../platform/api-route.ts';
import { sendGeneratedFile, XLSX_TYPE } from '../../platform/generated-file.ts';
import { isAdmin, requireAuth } from '../../platform/guards.ts';
import { payeesWithTin, type TaxService } from './service.ts';

/** Who may call each route is in the route table: a member's rate and 2307s for the member and admins, the rest for admins. */
export function taxRoutes(app: FastifyInstance, tax: TaxService) {
  apiRoute(app, routes.payoutSettings, async () => tax.payoutSettings());
  apiRoute(app, routes.setPayoutSettings, async (request) => tax.setPayoutSettings(requireAuth(request), request.body));
  apiRoute(app, routes.agencyTaxDetails, async () => tax.agencyTaxDetails());
  apiRoute(app, routes.setAgencyTaxDetails, async (request) => tax.setAgencyTaxDetails(requireAuth(request), request.body));
  apiRoute(app, routes.withholding, async (request) => tax.withholding(request.body.id));
  apiRoute(app, routes.setWithholding, async (request) => tax.setWithholding(requireAuth(request), request.body));
  apiRoute(app, routes.form2307s, async (request) => tax.form2307s(request.body.id));
  apiRoute(app, routes.form2307Pdf, async (request, reply) => {
    const { id, year, quarter } = request.params;
    const { bytes } = await tax.form2307(id, year, quarter, isAdmin(requireAuth(request)) ? 'admin' : 'member');
    request.accessSubject(id, `BIR Form 2307, ${year} Q${quarter}`);
    return sendGeneratedFile(reply, bytes, 'application/pdf', form2307FileName(id, year, quarter));
  });
  apiRoute(app, routes.alphalist, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const list = await tax.alphalist(request.params.year, request.params.quarter);
    // Each payee whose TIN the list shows has it read (decision 027).
    request.accessSubject(payeesWithTin(list.rows), `Alphalist, ${list.year} Q${list.quarter}`);
    return list;
  });
  apiRoute(app, routes.alphalistXlsx, async (request, reply) => {
    const { year, quarter } = request.params;
    const { bytes, tinsOf } = await tax.alphalistXlsx(year, quarter);
    request.accessSubject(tinsOf, `Alphalist, ${year} Q${quarter} (.xlsx)`);
    return sendGeneratedFile(reply, bytes, XLSX_TYPE, alphalistXlsxFileName(year, quarter));
  });
  apiRoute(app, routes.alphalistDat, async (request, reply) => {
    const { year, quarter } = request.params;
    const { text, agencyTin, tinsOf } = await tax.alphalistDat(year, quarter);
    request.accessSubject(tinsOf, `Alphalist, ${year} Q${quarter} (.DAT)`);
    return sendGeneratedFile(reply, text, 'text/plain; charset=us-ascii', alphalistDatFileName(agencyTin, year, quarter));
  });
}
