import { fileResponse, route, type RouteDef } from './define.ts';
import { portfolioPaths } from './portfolio.paths.ts';
import {
  portfolioExportRequest,
  portfolioRequest,
  portfolioResponse,
  startRenewalConflict,
  startRenewalRequest,
  startRenewalResponse,
} from '../portfolio.ts';

/** The routes of the book of business and renewals: the server's features/portfolio/ registers them. */
export const portfolioRoutes = {
  // The book of business (decision 025).
  portfolio: route({
    ...portfolioPaths.portfolio,
    access: 'member',
    body: portfolioRequest,
    responses: { 200: portfolioResponse },
    tag: 'portfolio',
    summary: "One page of a member's policies (or a leader's team's, without the clients) with their derived status and counts per status",
  }),
  portfolioExport: route({
    ...portfolioPaths.portfolioExport,
    access: 'member',
    body: portfolioExportRequest,
    responses: { 200: fileResponse },
    tag: 'portfolio',
    summary: 'The policies the Portfolio filters find, as an Excel workbook',
  }),
  startRenewal: route({
    ...portfolioPaths.startRenewal,
    access: 'member',
    body: startRenewalRequest,
    responses: { 200: startRenewalResponse, 409: startRenewalConflict },
    idempotent: true,
    tag: 'portfolio',
    summary: 'Creates the Renewal deal of a due or lapsed policy (one per policy: 409 with its id when it exists)',
  }),
} as const satisfies Record<string, RouteDef>;
