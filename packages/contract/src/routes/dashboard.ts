import { ownerInBody, route, type RouteDef } from './define.ts';
import { dashboardPaths } from './dashboard.paths.ts';
import { adminQueuesResponse } from '../admin-queues.ts';
import { setupChecklistRequest, setupChecklistResponse } from '../setup-checklist.ts';

/**
 * The routes of a new member's first steps and the administrators' queues: the server's
 * features/dashboard/ registers them.
 */
export const dashboardRoutes = {
  // A new member's first steps (decision 018).
  setupChecklist: route({
    ...dashboardPaths.setupChecklist,
    access: 'member',
    member: ownerInBody,
    body: setupChecklistRequest,
    responses: { 200: setupChecklistResponse },
    tag: 'licences',
    summary:
      "A member's first steps and the state of each (to do, awaiting verification, done): licences for the lines they sell, bank details, TIN, certification, profile photo; the member and admins",
  }),
  // The administrator's day (decision 021).
  adminQueues: route({
    ...dashboardPaths.adminQueues,
    access: 'admin',
    responses: { 200: adminQueuesResponse },
    tag: 'reports',
    summary:
      'The work waiting for the administrators, each a count of its queue: sales to verify, sign-ups, open tickets, licences to verify, held commissions, privacy requests (with the nearest deadline), and the set-up list',
  }),
} as const satisfies Record<string, RouteDef>;
