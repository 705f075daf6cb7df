/**
 * The method and address of each route of routes/tickets.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const ticketsPaths = {
  addTicket: { method: 'POST', path: '/api/addticket' },
  getMyTickets: { method: 'POST', path: '/api/getmytickets' },
  adminTicketList: { method: 'GET', path: '/api/adminticketlist' },
  editTicket: { method: 'POST', path: '/api/editticket' },
  closeTicket: { method: 'POST', path: '/api/closeticket' },
  ticketReplies: { method: 'POST', path: '/api/ticketreplies' },
  replyTicket: { method: 'POST', path: '/api/replyticket' },
} as const;
