import type { FastifyInstance } from 'fastify';
import { payoutFileName, statementFileName } from '@ahente/contract/commissions';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { sendGeneratedFile as sendFile, XLSX_TYPE as XLSX } from '../../platform/generated-file.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { CommissionsService } from './service.ts';

/**
 * Who may call each route is in the route table: members for their own ledger, summary and
 * statements (the owner rule), admins for the rest. The services below never widen it.
 */
export function commissionsRoutes(app: FastifyInstance, commissions: CommissionsService) {
  apiRoute(app, routes.commissionSummary, async (request) => commissions.summary(request.body.id));
  apiRoute(app, routes.commissionLedger, async (request) => commissions.ledger(request.body));
  apiRoute(app, routes.commissionStatements, async (request) => commissions.statementsOf(request.body.id));

  apiRoute(app, routes.statementPdf, async (request, reply) => {
    const { id, statementId } = request.params;
    const { bytes, period } = await commissions.statementPdf(id, statementId);
    return sendFile(reply, bytes, 'application/pdf', statementFileName(period, id, 'pdf'));
  });
  apiRoute(app, routes.statementXlsx, async (request, reply) => {
    const { id, statementId } = request.params;
    const { bytes, period } = await commissions.statementXlsx(id, statementId);
    return sendFile(reply, bytes, XLSX, statementFileName(period, id, 'xlsx'));
  });

  apiRoute(app, routes.commissionRates, async () => commissions.rates());
  apiRoute(app, routes.setCommissionRate, async (request) => ({ rate: await commissions.setRate(requireAuth(request), request.body) }));
  apiRoute(app, routes.commissionAdjustments, async () => commissions.adjustments());
  apiRoute(app, routes.addAdjustment, async (request) => ({ entry: await commissions.addAdjustment(requireAuth(request), request.body) }));
  apiRoute(app, routes.releaseCommission, async (request) => ({
    entry: await commissions.releaseHeld(requireAuth(request), request.body.entry_id),
  }));
  apiRoute(app, routes.forfeitCommission, async (request) => ({
    entry: await commissions.forfeitHeld(requireAuth(request), request.body),
  }));
  apiRoute(app, routes.commissionPeriods, async () => commissions.periods());
  apiRoute(app, routes.closePeriod, async (request) =>
    commissions.closePeriod(requireAuth(request), request.body.period, request.body.close_early === true),
  );
  apiRoute(app, routes.periodStatements, async (request) => commissions.statementsOfPeriod(request.body.period));
  apiRoute(app, routes.markStatementPaid, async (request) => ({
    statement: await commissions.markPaid(requireAuth(request), request.body),
  }));
  apiRoute(app, routes.payoutExport, async (request, reply) => {
    const { period } = request.params;
    const { bytes, banksOf } = await commissions.payoutXlsx(period);
    request.accessSubject(banksOf, `Payout file, ${period}`);
    return sendFile(reply, bytes, XLSX, payoutFileName(period));
  });
}
