import { ownerInBody, route, type RouteDef } from './define.ts';
import { ticketsPaths } from './tickets.paths.ts';
import { idBody } from '../common.ts';
import {
  addTicketRequest,
  closeTicketRequest,
  editTicketRequest,
  replySavedResponse,
  replyTicketRequest,
  ticketList,
  ticketRepliesRequest,
  ticketReplyList,
  ticketSavedResponse,
} from '../tickets.ts';

/** The routes of support tickets and their conversations: the server's features/tickets/ registers them. */
export const ticketsRoutes = {
  addTicket: route({
    ...ticketsPaths.addTicket,
    access: 'member',
    member: ownerInBody,
    body: addTicketRequest,
    responses: { 201: ticketSavedResponse },
    idempotent: true,
    tag: 'tickets',
    summary: 'Opens a Pending ticket',
  }),
  getMyTickets: route({
    ...ticketsPaths.getMyTickets,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: ticketList },
    tag: 'tickets',
    summary: "A member's own tickets, newest first",
  }),
  adminTicketList: route({
    ...ticketsPaths.adminTicketList,
    access: 'admin',
    responses: { 200: ticketList },
    tag: 'tickets',
    summary: 'Every ticket, Pending first, newest first',
  }),
  editTicket: route({
    ...ticketsPaths.editTicket,
    access: 'admin',
    body: editTicketRequest,
    responses: { 200: ticketSavedResponse },
    tag: 'tickets',
    summary: "Changes a ticket's title, description and type",
  }),
  closeTicket: route({
    ...ticketsPaths.closeTicket,
    access: 'admin',
    body: closeTicketRequest,
    responses: { 200: ticketSavedResponse },
    tag: 'tickets',
    summary: 'Resolves or rejects a Pending ticket with a closing message (409 once closed)',
  }),
  // A ticket's conversation (decision 020): 'member' here, and the service lets only the ticket's
  // author and admins through; anyone else is answered as for an unknown ticket (404).
  ticketReplies: route({
    ...ticketsPaths.ticketReplies,
    access: 'member',
    body: ticketRepliesRequest,
    responses: { 200: ticketReplyList },
    tag: 'tickets',
    summary: "A ticket's conversation, oldest first (its author and admins only)",
  }),
  replyTicket: route({
    ...ticketsPaths.replyTicket,
    access: 'member',
    body: replyTicketRequest,
    responses: { 201: replySavedResponse },
    idempotent: true,
    tag: 'tickets',
    summary: 'Adds a message to a Pending ticket (its author and admins only; 409 once closed)',
  }),
} as const satisfies Record<string, RouteDef>;
