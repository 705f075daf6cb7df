import { ownerInBody, route, type RouteDef } from './define.ts';
import { proposalsPaths } from './proposals.paths.ts';
import {
  acceptProposalRequest,
  acceptProposalResponse,
  ctplPremiumsResponse,
  proposalIdRequest,
  proposalTokenParams,
  publicAcceptRequest,
  publicDeclineRequest,
  publicProposalResponse,
  proposalResponse,
  proposalSettingsResponse,
  proposalsRequest,
  proposalsResponse,
  saveCtplPremiumRequest,
  saveProposalRequest,
  saveProposalSettingsRequest,
  sendProposalResponse,
  withdrawProposalRequest,
} from '../proposals.ts';

/**
 * The routes of insurance proposals (issue 46, decision 038): the server's features/proposals/
 * registers them. A call about a proposal names it by id: its agent and administrators reach it,
 * anyone else is told it does not exist (the service decides).
 */
export const proposalsRoutes = {
  saveProposal: route({
    ...proposalsPaths.saveProposal,
    access: 'member',
    member: ownerInBody,
    body: saveProposalRequest,
    responses: { 200: proposalResponse },
    idempotent: true,
    tag: 'proposals',
    summary:
      "Saves a proposal: a new one, a draft's change, or a sent one's new version; each option's breakdown worked out by the tax engine",
  }),
  proposals: route({
    ...proposalsPaths.proposals,
    access: 'member',
    body: proposalsRequest,
    responses: { 200: proposalsResponse },
    tag: 'proposals',
    summary: "A page of a member's proposals, newest first, with counts and totals (a leader's view of a downline: without the clients)",
  }),
  proposal: route({
    ...proposalsPaths.proposal,
    access: 'member',
    body: proposalIdRequest,
    responses: { 200: proposalResponse },
    tag: 'proposals',
    summary: 'One proposal, its latest version, with its options, breakdowns and history',
  }),
  sendProposal: route({
    ...proposalsPaths.sendProposal,
    access: 'member',
    body: proposalIdRequest,
    responses: { 200: sendProposalResponse },
    idempotent: true,
    tag: 'proposals',
    summary: "Sends a proposal: answers the client's link (a new one each time: the previous stops working)",
  }),
  withdrawProposal: route({
    ...proposalsPaths.withdrawProposal,
    access: 'member',
    body: withdrawProposalRequest,
    responses: { 200: proposalResponse },
    tag: 'proposals',
    summary: 'Withdraws a draft or sent proposal: its link answers 410',
  }),
  acceptProposal: route({
    ...proposalsPaths.acceptProposal,
    access: 'member',
    body: acceptProposalRequest,
    responses: { 200: acceptProposalResponse },
    idempotent: true,
    tag: 'proposals',
    summary: "Accepts an option for the client and creates the proposal's one deal (again, or at once: the same deal)",
  }),
  proposalSettings: route({
    ...proposalsPaths.proposalSettings,
    access: 'member',
    responses: { 200: proposalSettingsResponse },
    tag: 'proposals',
    summary: 'The tax rates and fees a proposal made today uses, and their history',
  }),
  saveProposalSettings: route({
    ...proposalsPaths.saveProposalSettings,
    access: 'admin',
    body: saveProposalSettingsRequest,
    responses: { 200: proposalSettingsResponse },
    tag: 'proposals',
    summary: 'Sets tax rates or the LTO fee from a day on (the history is kept)',
  }),
  ctplPremiums: route({
    ...proposalsPaths.ctplPremiums,
    access: 'member',
    responses: { 200: ctplPremiumsResponse },
    tag: 'proposals',
    summary: "The CTPL basic premiums in force today per vehicle type and term, and the table's history",
  }),
  saveCtplPremium: route({
    ...proposalsPaths.saveCtplPremium,
    access: 'admin',
    body: saveCtplPremiumRequest,
    responses: { 200: ctplPremiumsResponse },
    tag: 'proposals',
    summary: "Sets a vehicle type's CTPL basic premium for 1 or 3 years from a day on (the history is kept)",
  }),
  // The client's link (decision 038): no session, no cookie, no CSRF token (the token in the path
  // is the only credential, platform/guards.ts TOKEN_ROUTES); limited per client address; an
  // unknown token and another's answer the same 404, a withdrawn or expired proposal 410.
  publicProposal: route({
    ...proposalsPaths.publicProposal,
    access: 'public',
    params: proposalTokenParams,
    responses: { 200: publicProposalResponse },
    tag: 'proposals',
    summary: "The client's page of a sent proposal: the options with their breakdowns, the agent's name and licence number",
  }),
  acceptPublicProposal: route({
    ...proposalsPaths.acceptPublicProposal,
    access: 'public',
    params: proposalTokenParams,
    body: publicAcceptRequest,
    responses: { 200: publicProposalResponse },
    tag: 'proposals',
    summary: "The client accepts an option: the agent's one deal is created (again, or at once: the same)",
  }),
  declinePublicProposal: route({
    ...proposalsPaths.declinePublicProposal,
    access: 'public',
    params: proposalTokenParams,
    body: publicDeclineRequest,
    responses: { 200: publicProposalResponse },
    tag: 'proposals',
    summary: 'The client declines the proposal, with a reason if they give one',
  }),
} as const satisfies Record<string, RouteDef>;
