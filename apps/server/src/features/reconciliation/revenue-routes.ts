import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { sendGeneratedFile, XLSX_TYPE } from '../../platform/generated-file.ts';
import { createRevenueService } from './revenue-service.ts';
import type { Exec } from '../../db/exec.ts';

/** The workbooks' names. */
export const MISSING_COMMISSIONS_FILE_NAME = 'missing-commissions.xlsx';
export const AGENCY_REVENUE_FILE_NAME = 'agency-revenue.xlsx';

/**
 * What the agency sees of its own money (issue 45 §5, decision 037), administrators only (the route
 * table's rule): the commissions the insurers have not paid, and the agency's revenue by insurer
 * and month, each with its workbook.
 */
export function revenueRoutes(app: FastifyInstance, db: Exec, opts: { now?: () => Date } = {}) {
  const revenue = createRevenueService(db, opts);
  apiRoute(app, routes.missingCommissions, async (request) => revenue.missing(request.body));
  apiRoute(app, routes.missingCommissionsXlsx, async (request, reply) =>
    sendGeneratedFile(reply, await revenue.missingWorkbook(request.body), XLSX_TYPE, MISSING_COMMISSIONS_FILE_NAME),
  );
  apiRoute(app, routes.agencyRevenue, async (request) => revenue.revenue(request.body));
  apiRoute(app, routes.agencyRevenueXlsx, async (request, reply) =>
    sendGeneratedFile(reply, await revenue.revenueWorkbook(request.body), XLSX_TYPE, AGENCY_REVENUE_FILE_NAME),
  );
}
