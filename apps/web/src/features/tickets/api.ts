import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddTicketRequest,
  CloseTicketRequest,
  EditTicketRequest,
  ReplyTicketRequest,
  Ticket,
  TicketReply,
} from '@ahente/contract/tickets';
import { call } from '../../api/client';

/** Tickets (decision 012): a member's own from the Help Center, every one in the admin's Tickets List. */
export const ticketKeys = {
  all: ['tickets'] as const,
  mine: (id: number) => ['tickets', 'mine', id] as const,
  admin: () => ['tickets', 'admin'] as const,
  replies: (ticketId: number) => ['tickets', 'replies', ticketId] as const,
};

/** POST /api/getmytickets { id }: the member's tickets, newest first. */
export function fetchMyTickets(id: number): Promise<Ticket[]> {
  return call('getMyTickets', { body: { id } });
}

/** GET /api/adminticketlist: every ticket, Pending first, newest first. */
export function fetchAdminTickets(): Promise<Ticket[]> {
  return call('adminTicketList', {});
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
  return useTicketMutation((body: AddTicketRequest) => call('addTicket', { body }));
}

/** POST /api/editticket { ticketId, title, description, type } (admin). */
export function useEditTicket() {
  return useTicketMutation((body: EditTicketRequest) => call('editTicket', { body }));
}

/** POST /api/ticketreplies { ticket_id }: the conversation, oldest first (the author and admins; decision 020). */
export function useTicketReplies(ticketId: number, enabled = true) {
  return useQuery({
    queryKey: ticketKeys.replies(ticketId),
    queryFn: (): Promise<TicketReply[]> => call('ticketReplies', { body: { ticket_id: ticketId } }),
    enabled,
  });
}

/** POST /api/replyticket { ticket_id, message } → 201 { success, reply }; 409 once the ticket is closed. */
export function useReplyTicket() {
  return useTicketMutation((body: ReplyTicketRequest) => call('replyTicket', { body }));
}

/** POST /api/closeticket { ticketId, status: Resolved | Rejected, message } (admin): 409 once closed. */
export function useCloseTicket() {
  return useTicketMutation((body: CloseTicketRequest) => call('closeTicket', { body }));
}
