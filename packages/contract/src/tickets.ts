import { z } from 'zod';
import { LIMITS, controlCharacterMessage, hasControlCharacter, idField, lineField, memberIdSchema } from './common.ts';
import { personRef } from './members.ts';

/** Ticket types and statuses (spec §2 Tickets List, §3 Ticket, §4). */
export const TICKET_TYPES = ['concerns', 'finance', 'sales', 'registration'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export const TICKET_STATUSES = ['Pending', 'Resolved', 'Rejected'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Where a Pending ticket may go; a closed ticket stays closed. */
export const TICKET_CLOSING_STATUSES = ['Resolved', 'Rejected'] as const;

export const ticket = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  type: z.enum(TICKET_TYPES),
  /** Who opened it (null for the agency's own sample tickets). */
  member: personRef.nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticket>;
export const ticketList = z.array(ticket);

const ticketFields = {
  title: lineField('Title'),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(LIMITS.description, `Description must be at most ${LIMITS.description} characters`)
    // Multi-line: tabs and line breaks are text, other control characters are not.
    .refine((v) => !hasControlCharacter(v.replace(/[\t\r\n]/g, '')), controlCharacterMessage('Description')),
  type: z.enum(TICKET_TYPES, { error: `Type must be one of ${TICKET_TYPES.join(', ')}` }),
};

/** addticket: an agent opens a ticket (`id` is the agent). */
export const addTicketRequest = z.object({ id: memberIdSchema, ...ticketFields }).strict();
export type AddTicketRequest = z.input<typeof addTicketRequest>;
export type NewTicket = z.output<typeof addTicketRequest>;

/** editticket (admin): title, description and type of a ticket. */
export const editTicketRequest = z.object({ ticketId: idField('ticketId'), ...ticketFields }).strict();
export type EditTicketRequest = z.input<typeof editTicketRequest>;
export type EditTicket = z.output<typeof editTicketRequest>;

/** closeticket (admin): Resolve or Reject a Pending ticket. */
export const closeTicketRequest = z
  .object({
    ticketId: idField('ticketId'),
    status: z.enum(TICKET_CLOSING_STATUSES, { error: `Status must be one of ${TICKET_CLOSING_STATUSES.join(', ')}` }),
  })
  .strict();
export type CloseTicketRequest = z.input<typeof closeTicketRequest>;
export type CloseTicket = z.output<typeof closeTicketRequest>;

export const ticketSavedResponse = z.object({ success: z.literal(true), ticket });

/** What the server answers when a ticket cannot be found or closed, and what the screens say. */
export const TICKET_MESSAGES = {
  notFound: 'Ticket not found',
  memberNotFound: 'Member not found',
  alreadyClosed: (status: TicketStatus) => `This ticket is already ${status}`,
  submitted: 'Ticket submitted',
  updated: 'Ticket updated',
  closed: (id: number, status: TicketStatus) => `Ticket #${id} ${status === 'Resolved' ? 'resolved' : 'rejected'}`,
} as const;
