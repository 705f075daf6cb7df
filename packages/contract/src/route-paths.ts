import { authPaths } from './routes/auth.paths.ts';
import { commissionsPaths } from './routes/commissions.paths.ts';
import { dashboardPaths } from './routes/dashboard.paths.ts';
import { dealsPaths } from './routes/deals.paths.ts';
import { estorePaths } from './routes/estore.paths.ts';
import { geoPaths } from './routes/geo.paths.ts';
import { healthPaths } from './routes/health.paths.ts';
import { insurersPaths } from './routes/insurers.paths.ts';
import { licencesPaths } from './routes/licences.paths.ts';
import { materialsPaths } from './routes/materials.paths.ts';
import { membersPaths } from './routes/members.paths.ts';
import { notificationsPaths } from './routes/notifications.paths.ts';
import { portfolioPaths } from './routes/portfolio.paths.ts';
import { privacyPaths } from './routes/privacy.paths.ts';
import { proposalsPaths } from './routes/proposals.paths.ts';
import { reconciliationPaths } from './routes/reconciliation.paths.ts';
import { reportsPaths } from './routes/reports.paths.ts';
import { salesPaths } from './routes/sales.paths.ts';
import { settingsPaths } from './routes/settings.paths.ts';
import { taxPaths } from './routes/tax.paths.ts';
import { ticketsPaths } from './routes/tickets.paths.ts';
import { universityPaths } from './routes/university.paths.ts';

/**
 * Every route's method and address, and nothing else: what the web needs to send a request, without
 * zod or a single schema (decision 014: building the route table's schemas was a large part of the
 * first load's script time on a phone). Each feature's addresses are in routes/<feature>.paths.ts,
 * beside that feature's routes (routes/<feature>.ts), which spread each entry into its route, so an
 * address is written once; the web parses answers with the full table, loaded alongside the first
 * request. A lint rule keeps these modules free of zod (.dependency-cruiser.cjs).
 */
export const routePaths = joinFeatures(
  authPaths,
  commissionsPaths,
  dashboardPaths,
  dealsPaths,
  estorePaths,
  geoPaths,
  healthPaths,
  insurersPaths,
  licencesPaths,
  materialsPaths,
  membersPaths,
  notificationsPaths,
  portfolioPaths,
  privacyPaths,
  proposalsPaths,
  reconciliationPaths,
  reportsPaths,
  salesPaths,
  settingsPaths,
  taxPaths,
  ticketsPaths,
  universityPaths,
) satisfies Record<string, RoutePath>;

export type RoutePathName = keyof typeof routePaths;

/** What sending a request needs: its method and its address. */
export interface RoutePath {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
}

/** `/api/downloadmaterial/:id` with `{ id: 7 }` → `/api/downloadmaterial/7`. */
export function pathOf(route: { path: string }, params: Record<string, unknown> = {}): string {
  return route.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${route.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The names that two of `groups` both declare: never, when each is declared by one group only. */
export type NamedTwice<Groups extends readonly object[]> = {
  [I in keyof Groups]: keyof Groups[I] & { [J in keyof Groups]: J extends I ? never : keyof Groups[J] }[number];
}[number];

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** The groups as one object type, flat (its properties keep their literal types). */
export type Joined<Groups extends readonly object[]> = { [K in keyof Intersection<Groups[number]>]: Intersection<Groups[number]>[K] };

/**
 * Each feature's part of a table (its addresses here, its routes in routes/index.ts) as one object.
 * A name two features declare does not compile: spread, the last one would silently win.
 */
export function joinFeatures<const Groups extends readonly object[]>(
  ...groups: [NamedTwice<Groups>] extends [never] ? Groups : { [I in keyof Groups]: Groups[I] & { namedTwice: NamedTwice<Groups> } }
): Joined<Groups> {
  return Object.assign({}, ...groups) as Joined<Groups>;
}
