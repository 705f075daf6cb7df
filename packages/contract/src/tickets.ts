import { z } from 'zod';
import { LIMITS, controlCharacterMessage, hasControlCharacter, idField, lineField, memberIdSchema } from './common.ts';
import { personRef } from './members.ts';

/** Ticket types and statuses (decision 012). */
export const TICKET_TYPES = ['concerns', 'finance', 'sales', 'registration', 'privacy'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export const TICKET_STATUSES = ['Pending', 'Resolved', 'Rejected'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Where a Pending ticket may go; a closed ticket stays closed. */
export const TICKET_CLOSING_STATUSES = ['Resolved', 'Rejected'] as const;
export type TicketClosingStatus = (typeof TICKET_CLOSING_STATUSES)[number];

export const ticket = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  type: z.enum(TICKET_TYPES),
  /** Who opened it, with their username (null for the agency's own sample tickets). */
  member: personRef.extend({ username: z.string() }).nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  /** How many replies its conversation holds (decision 020). */
  reply_count: z.number(),
});
export type Ticket = z.infer<typeof ticket>;
export const ticketList = z.array(ticket);

/**
 * Multi-line text of 1 to 2,000 characters, trimmed: a ticket's description and the messages of its
 * conversation. Tabs and line breaks are text, other control characters are not.
 */
const messageField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.description, `${label} must be at most ${LIMITS.description} characters`)
    .refine((v) => !hasControlCharacter(v.replace(/[\t\r\n]/g, '')), controlCharacterMessage(label));

const ticketFields = {
  title: lineField('Title'),
  description: messageField('Description'),
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

/**
 * closeticket (admin): Resolve or Reject a Pending ticket, with the closing message the author
 * reads (decision 020). The message is optional here for the clients of decision 012; the web
 * always sends one.
 */
export const closeTicketRequest = z
  .object({
    ticketId: idField('ticketId'),
    status: z.enum(TICKET_CLOSING_STATUSES, { error: `Status must be one of ${TICKET_CLOSING_STATUSES.join(', ')}` }),
    message: messageField('Closing message').optional(),
  })
  .strict();
export type CloseTicketRequest = z.input<typeof closeTicketRequest>;
export type CloseTicket = z.output<typeof closeTicketRequest>;

export const ticketSavedResponse = z.object({ success: z.literal(true), ticket });

/**
 * One message of a ticket's conversation (decision 020): written by the ticket's author or by an
 * admin; `closes_as` marks the admin's closing message, the one sent with Resolve or Reject.
 */
export const ticketReply = z.object({
  id: z.number(),
  ticket_id: z.number(),
  author: z.object({ id: z.number(), name: z.string() }),
  /** Written by an administrator (the agency), not by the ticket's author. */
  by_admin: z.boolean(),
  message: z.string(),
  /** The status this message closed the ticket with, or null for a reply. */
  closes_as: z.enum(TICKET_CLOSING_STATUSES).nullable(),
  created_at: z.string(),
});
export type TicketReply = z.infer<typeof ticketReply>;
export const ticketReplyList = z.array(ticketReply);

/** ticketreplies: a ticket's conversation, oldest first (its author and admins only). */
export const ticketRepliesRequest = z.object({ ticket_id: idField('ticket_id') }).strict();
export type TicketRepliesRequest = z.input<typeof ticketRepliesRequest>;

/** replyticket: a message on a Pending ticket (its author and admins only). */
export const replyTicketRequest = z.object({ ticket_id: idField('ticket_id'), message: messageField('Message') }).strict();
export type ReplyTicketRequest = z.input<typeof replyTicketRequest>;
export type ReplyTicket = z.output<typeof replyTicketRequest>;

export const replySavedResponse = z.object({ success: z.literal(true), reply: ticketReply });

/** What the server answers when a ticket cannot be found or closed, and what the screens say. */
export const TICKET_MESSAGES = {
  notFound: 'Ticket not found',
  memberNotFound: 'Member not found',
  alreadyClosed: (status: TicketStatus) => `This ticket is already ${status}`,
  submitted: 'Ticket submitted',
  updated: 'Ticket updated',
  closed: (id: number, status: TicketStatus) => `Ticket #${id} ${status === 'Resolved' ? 'resolved' : 'rejected'}`,
  /** A reply to a Resolved or Rejected ticket (409). */
  closedForReplies: 'This ticket is closed',
  replySent: 'Reply sent',
} as const;
