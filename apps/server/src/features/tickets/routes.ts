import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { TicketsService } from './service.ts';

/**
 * Access (member or admin) and ownership (`id` names the member) come from the route table; a
 * ticket's conversation is its author's and the admins' (the service decides, decision 020).
 */
export function ticketsRoutes(app: FastifyInstance, tickets: TicketsService) {
  apiRoute(app, routes.addTicket, async (request, reply) => {
    const { id, ...fields } = request.body;
    return reply.code(201).send({ success: true as const, ticket: await tickets.open(id, fields) });
  });
  apiRoute(app, routes.getMyTickets, async (request) => tickets.listForMember(request.body.id));
  apiRoute(app, routes.adminTicketList, async () => tickets.listAll());
  apiRoute(app, routes.editTicket, async (request) => ({ success: true as const, ticket: await tickets.edit(request.body) }));
  apiRoute(app, routes.closeTicket, async (request) => ({
    success: true as const,
    ticket: await tickets.close(request.body, requireAuth(request).memberId),
  }));
  // The ticket's author and admins only: the service answers anyone else 404 (decision 020).
  apiRoute(app, routes.ticketReplies, async (request) => tickets.replies(requireAuth(request), request.body.ticket_id));
  apiRoute(app, routes.replyTicket, async (request, reply) =>
    reply.code(201).send({ success: true as const, reply: await tickets.reply(requireAuth(request), request.body) }),
  );
}
