import type { z } from 'zod';
import type * as FirstSchemas from './first-schemas.ts';
import type { RoutePathName } from './route-paths.ts';

export type FirstSchemaModule = typeof FirstSchemas;

/**
 * The successful (200) answers of the calls the first screens make — the dashboard's cards, the
 * Deals Table and the layout's bell (the session's has a module of its own, session.ts) — read
 * from one small module of their schemas (first-schemas.ts), so that the web app parses them without building the whole route table
 * first (decision 014): on a phone, building every route's schemas was the largest share of the
 * script time before the dashboard or the Deals Table could show anything. Each is the same schema
 * object as `routes[name].responses[200]` (a server test checks identity, route by route), so this
 * is not a second definition of any answer; every other answer, and every error status, is parsed
 * with the route table as before. This module holds no schema: it costs nothing until used.
 * Decision 014 (lever 2).
 */
export const firstAnswers = {
  notifications: (s: FirstSchemaModule) => s.notificationsResponse,
  getDeals: (s: FirstSchemaModule) => s.dealListResponse,
  dealsPage: (s: FirstSchemaModule) => s.dealsPageResponse,
  getSales: (s: FirstSchemaModule) => s.saleListResponse,
  salesPage: (s: FirstSchemaModule) => s.salesPageResponse,
  commissionSummary: (s: FirstSchemaModule) => s.commissionSummary,
  activeProposals: (s: FirstSchemaModule) => s.activeProposals,
  teamSize: (s: FirstSchemaModule) => s.teamSizeResponse,
  portfolio: (s: FirstSchemaModule) => s.portfolioResponse,
  getLicenses: (s: FirstSchemaModule) => s.licenceList,
  licenceAlerts: (s: FirstSchemaModule) => s.licenceAlertsResponse,
  getCertifications: (s: FirstSchemaModule) => s.certificationList,
  setupChecklist: (s: FirstSchemaModule) => s.setupChecklistResponse,
  courses: (s: FirstSchemaModule) => s.coursesResponse,
} satisfies Partial<Record<RoutePathName, (s: FirstSchemaModule) => z.ZodType>>;

export type FirstAnswerName = keyof typeof firstAnswers;

export function isFirstAnswer(name: string): name is FirstAnswerName {
  return Object.hasOwn(firstAnswers, name);
}
