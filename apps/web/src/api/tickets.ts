import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@ahente/contract/routes';
import type { AddTicketRequest, CloseTicketRequest, EditTicketRequest, Ticket } from '@ahente/contract/tickets';
import { call } from './client';

/** Tickets (decision 012): a member's own from the Help Center, every one in the admin's Tickets List. */
export const ticketKeys = {
  all: ['tickets'] as const,
  mine: (id: number) => ['tickets', 'mine', id] as const,
  admin: () => ['tickets', 'admin'] as const,
};

/** POST /api/getmytickets { id }: the member's tickets, newest first. */
export function fetchMyTickets(id: number): Promise<Ticket[]> {
  return call(routes.getMyTickets, { body: { id } });
}

/** GET /api/adminticketlist: every ticket, Pending first, newest first. */
export function fetchAdminTickets(): Promise<Ticket[]> {
  return call(routes.adminTicketList, {});
}

export function useMyTickets(id: number | null | undefined) {
  return useQuery({
    queryKey: ticketKeys.mine(id ?? 0),
    queryFn: () => fetchMyTickets(id as number),
    enabled: typeof id === 'number',
  });
}

export function useAdminTickets() {
  return useQuery({ queryKey: ticketKeys.admin(), queryFn: fetchAdminTickets });
}

/** Every ticket list is read again after any change: the member's and the admin's show the same tickets. */
function useTicketMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** POST /api/addticket { id, title, description, type } → 201 { success, ticket }. */
export function useAddTicket() {
  return useTicketMutation((body: AddTicketRequest) => call(routes.addTicket, { body }));
}

/** POST /api/editticket { ticketId, title, description, type } (admin). */
export function useEditTicket() {
  return useTicketMutation((body: EditTicketRequest) => call(routes.editTicket, { body }));
}

/** POST /api/closeticket { ticketId, status: Resolved | Rejected } (admin): 409 once closed. */
export function useCloseTicket() {
  return useTicketMutation((body: CloseTicketRequest) => call(routes.closeTicket, { body }));
}
