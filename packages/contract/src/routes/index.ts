import type { z } from 'zod';
import { joinFeatures, pathOf, type RoutePathName, type routePaths } from '../route-paths.ts';
import { defaultErrorResponse, type RouteDef } from './define.ts';
import { authRoutes } from './auth.ts';
import { commissionsRoutes } from './commissions.ts';
import { dashboardRoutes } from './dashboard.ts';
import { dealsRoutes } from './deals.ts';
import { estoreRoutes } from './estore.ts';
import { geoRoutes } from './geo.ts';
import { healthRoutes } from './health.ts';
import { insurersRoutes } from './insurers.ts';
import { licencesRoutes } from './licences.ts';
import { materialsRoutes } from './materials.ts';
import { membersRoutes } from './members.ts';
import { notificationsRoutes } from './notifications.ts';
import { portfolioRoutes } from './portfolio.ts';
import { privacyRoutes } from './privacy.ts';
import { proposalsRoutes } from './proposals.ts';
import { reconciliationRoutes } from './reconciliation.ts';
import { reportsRoutes } from './reports.ts';
import { salesRoutes } from './sales.ts';
import { settingsRoutes } from './settings.ts';
import { taxRoutes } from './tax.ts';
import { ticketsRoutes } from './tickets.ts';
import { universityRoutes } from './university.ts';

export { defaultErrorResponse, fileResponse, noContent, type Access, type Method, type RouteDef } from './define.ts';

/**
 * The route table: every API call of the product, declared once (decision 008). The server
 * registers its routes from it (a route not in it cannot be registered), the web calls them through
 * it and parses each answer with it, and the e2e support code and the bench take their paths from
 * it. Each feature declares its routes in routes/<feature>.ts (the server feature of the same name
 * registers them) and their addresses in routes/<feature>.paths.ts; docs/adding-a-route.md has the
 * steps of adding one.
 */
export const routes = joinFeatures(
  authRoutes,
  commissionsRoutes,
  dashboardRoutes,
  dealsRoutes,
  estoreRoutes,
  geoRoutes,
  healthRoutes,
  insurersRoutes,
  licencesRoutes,
  materialsRoutes,
  membersRoutes,
  notificationsRoutes,
  portfolioRoutes,
  privacyRoutes,
  proposalsRoutes,
  reconciliationRoutes,
  reportsRoutes,
  salesRoutes,
  settingsRoutes,
  taxRoutes,
  ticketsRoutes,
  universityRoutes,
) satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
/** Every address of route-paths.ts belongs to a route of this table (and each route spreads its own). */
export const EVERY_PATH_ROUTED: [Exclude<RoutePathName, RouteName>] extends [never] ? true : never = true;
/**
 * And the other way: every route has its entry in route-paths.ts, with the same method and address
 * (a route that wrote its own, or spread another's, would be sent elsewhere by the web).
 */
export const EVERY_ROUTE_PATHED: [
  {
    [K in RouteName]: K extends RoutePathName
      ? [Routes[K]['method'], Routes[K]['path']] extends [(typeof routePaths)[K]['method'], (typeof routePaths)[K]['path']]
        ? never
        : K
      : K;
  }[RouteName],
] extends [never]
  ? true
  : never = true;

/** Every route of the table, for checks that must cover them all. */
export const ROUTE_LIST: readonly RouteDef[] = Object.values(routes);

/** What a caller sends: the body and path parameters a route takes (their input types). */
export type RouteInput<R extends RouteDef> = (R['body'] extends z.ZodType ? { body: z.input<R['body']> } : { body?: never }) &
  (R['params'] extends z.ZodType ? { params: z.input<R['params']> } : { params?: never });

/** The success statuses of a route (2xx). */
export type SuccessStatus<R extends RouteDef> = Extract<keyof R['responses'], 200 | 201 | 204>;

/** What a route answers with on success, parsed. */
export type RouteOutput<R extends RouteDef> = z.output<R['responses'][SuccessStatus<R>]>;

export { pathOf };

/**
 * The schema of the body a route answers with at `status` (the default error shape for an unlisted
 * error).
 */
export function responseSchema(route: RouteDef, status: number): z.ZodType | undefined {
  return route.responses[status] ?? (status >= 400 ? defaultErrorResponse : undefined);
}
