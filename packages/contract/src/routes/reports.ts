import { ownerInBody, route, type RouteDef } from './define.ts';
import { reportsPaths } from './reports.paths.ts';
import { agencySummary, reportRequest, reportResponse } from '../reports.ts';

/**
 * The routes of performance reports and the admin's summary: the server's features/reports/
 * registers them.
 */
export const reportsRoutes = {
  reports: route({
    ...reportsPaths.reports,
    access: 'member',
    member: ownerInBody,
    body: reportRequest,
    responses: { 200: reportResponse },
    tag: 'reports',
    summary: "Performance report: a member's own sales, a leader's downline ('team'), or the whole agency (admins)",
  }),
  agencySummary: route({
    ...reportsPaths.agencySummary,
    access: 'admin',
    responses: { 200: agencySummary },
    tag: 'reports',
    summary: "The admin's dashboard: members, accounts awaiting approval, this month's counted sales and commissions earned (decision 021)",
  }),
} as const satisfies Record<string, RouteDef>;
