import { ownerInBody, route, type RouteDef } from './define.ts';
import { dealsPaths } from './deals.paths.ts';
import { idBody } from '../common.ts';
import { dealListResponse, dealSavedResponse, dealsPageRequest, dealsPageResponse, editDealRequest, newDealRequest } from '../deals.ts';
import { activeProposals } from '../commissions.ts';

/** The routes of deals and open proposals: the server's features/deals/ registers them. */
export const dealsRoutes = {
  addDeal: route({
    ...dealsPaths.addDeal,
    access: 'member',
    member: ownerInBody,
    body: newDealRequest,
    responses: { 200: dealSavedResponse },
    idempotent: true,
    tag: 'deals',
    summary: 'Records a deal',
  }),
  getDeals: route({
    ...dealsPaths.getDeals,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: dealListResponse },
    tag: 'deals',
    summary: "A member's deals, newest first",
  }),
  dealsPage: route({
    ...dealsPaths.dealsPage,
    access: 'member',
    member: ownerInBody,
    body: dealsPageRequest,
    responses: { 200: dealsPageResponse },
    tag: 'deals',
    summary:
      "A page of a member's deals in getdeals' order, filtered by effective date (inclusive), with the count and Total TCV of the whole filter",
  }),
  editDeal: route({
    ...dealsPaths.editDeal,
    access: 'member',
    member: ownerInBody,
    body: editDealRequest,
    responses: { 200: dealSavedResponse },
    idempotent: true,
    tag: 'deals',
    summary: 'Edits a deal',
  }),
  activeProposals: route({
    ...dealsPaths.activeProposals,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: activeProposals },
    tag: 'deals',
    summary: "The number and TCV of a member's open deals: not sold, and not 'Did not Continue'",
  }),
} as const satisfies Record<string, RouteDef>;
