import type { Kysely } from 'kysely';
import {
  TICKET_MESSAGES,
  type CloseTicket,
  type EditTicket,
  type NewTicket,
  type ReplyTicket,
  type Ticket,
  type TicketReply,
} from '@ahente/contract/tickets';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isAdmin } from '../../platform/guards.ts';
import type { Auth } from '../../platform/sessions.ts';
import { nowIso } from '../../platform/tokens.ts';
import type { ProfileService } from '../members/profile-service.ts';
import type { Notifier } from '../notifications/service.ts';
import { ticketsRepository, type ReplyWithAuthorRow, type TicketWithMemberRow } from './repository.ts';

/** The fields a ticket is opened with, as the contract's schema leaves them (trimmed, checked). */
export type TicketFields = Omit<NewTicket, 'id'>;

function toTicket(row: TicketWithMemberRow): Ticket {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    type: row.type,
    member:
      row.owner_id === null
        ? null
        : {
            id: row.owner_id,
            username: row.owner_username ?? '',
            f_name: row.owner_f_name ?? '',
            m_name: row.owner_m_name,
            l_name: row.owner_l_name ?? '',
          },
    created_at: row.created_at,
    closed_at: row.closed_at,
    reply_count: Number(row.reply_count ?? 0),
  };
}

function toReply(row: ReplyWithAuthorRow): TicketReply {
  return {
    id: row.id,
    ticket_id: row.ticket_id,
    author: { id: row.author_id, name: [row.author_f_name, row.author_l_name].filter(Boolean).join(' ') },
    by_admin: row.by_admin === 1,
    message: row.message,
    closes_as: row.closes_as,
    created_at: row.created_at,
  };
}

/**
 * Tickets (decision 012). Who may call what is settled by the route table before a call gets
 * here (a member opens and lists their own, an admin any); the rules below are the ticket's own:
 * Pending → Resolved | Rejected, once, and a closed ticket stays closed.
 */
export function createTicketsService(db: Kysely<Database>, members: Pick<ProfileService, 'findById'>, notifier: Pick<Notifier, 'notify'>) {
  async function read(exec: Kysely<Database>, id: number): Promise<Ticket> {
    const row = await ticketsRepository.find(exec, id);
    if (!row) throw notFound(TICKET_MESSAGES.notFound);
    return toTicket(row);
  }

  /**
   * The ticket, for its author or an admin; anyone else is answered as for an unknown ticket, so
   * that a ticket id says nothing about tickets one may not read (decision 020).
   */
  async function readable(exec: Kysely<Database>, auth: Auth, id: number): Promise<TicketWithMemberRow> {
    const row = await ticketsRepository.find(exec, id);
    if (!row || (row.member_id !== auth.memberId && !isAdmin(auth))) throw notFound(TICKET_MESSAGES.notFound);
    return row;
  }

  return {
    /** addticket: a Pending ticket of the member (`memberId` null: one of the agency's samples). */
    async open(memberId: number | null, fields: TicketFields): Promise<Ticket> {
      if (memberId !== null && !(await members.findById(memberId))) throw notFound(TICKET_MESSAGES.memberNotFound);
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const id = await ticketsRepository.insert(trx, {
          member_id: memberId,
          ...fields,
          status: 'Pending',
          created_at: now,
          closed_at: null,
          closed_by: null,
          updated_at: now,
        });
        return read(trx, id);
      });
    },

    /** getmytickets: newest first. */
    async listForMember(memberId: number): Promise<Ticket[]> {
      return (await ticketsRepository.listForMember(db, memberId)).map(toTicket);
    },

    /** adminticketlist: Pending first, then newest first. */
    /** How many tickets are open (the administrator's queues, decision 021). */
    openCount: () => ticketsRepository.openCount(db),

    async listAll(): Promise<Ticket[]> {
      return (await ticketsRepository.listAll(db)).map(toTicket);
    },

    /** editticket: title, description and type, on any ticket, Pending or closed (decision 012). */
    async edit({ ticketId, title, description, type }: EditTicket): Promise<Ticket> {
      return db.transaction().execute(async (trx) => {
        if (!(await ticketsRepository.update(trx, ticketId, { title, description, type, updated_at: nowIso() }))) {
          throw notFound(TICKET_MESSAGES.notFound);
        }
        return read(trx, ticketId);
      });
    },

    /**
     * closeticket: Pending → Resolved or Rejected. 409 naming the status it already has when it is
     * closed, including when another admin closed it a moment earlier (decision 012).
     */
    async close({ ticketId, status, message }: CloseTicket, adminId: number): Promise<Ticket> {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const closed = await ticketsRepository.closeIfPending(trx, ticketId, status, adminId, now);
        if (closed && message !== undefined) {
          // The closing message, in the same transaction as the status (decision 020).
          await ticketsRepository.insertReply(trx, {
            ticket_id: ticketId,
            author_id: adminId,
            by_admin: 1,
            message,
            closes_as: status,
            created_at: now,
          });
        }
        const ticket = await read(trx, ticketId);
        if (!closed) throw conflict(TICKET_MESSAGES.alreadyClosed(ticket.status));
        // Its author hears of it (decision 026); a sample ticket has none, and an admin closing their own needs no word.
        if (ticket.member && ticket.member.id !== adminId) {
          await notifier.notify(trx, ticket.member.id, 'ticket_closed', {
            ticketId,
            subject: ticket.title,
            status: ticket.status.toLowerCase(),
          });
        }
        return ticket;
      });
    },

    /** ticketreplies: the conversation, oldest first; the ticket's author and admins only (else 404). */
    async replies(auth: Auth, ticketId: number): Promise<TicketReply[]> {
      await readable(db, auth, ticketId);
      return (await ticketsRepository.listReplies(db, ticketId)).map(toReply);
    },

    /**
     * replyticket: a message of the ticket's author or an admin on a Pending ticket; 409 once it is
     * Resolved or Rejected, including when an admin closed it a moment earlier (decision 020).
     */
    async reply(auth: Auth, { ticket_id, message }: ReplyTicket): Promise<TicketReply> {
      return db.transaction().execute(async (trx) => {
        const ticket = await readable(trx, auth, ticket_id);
        const now = nowIso();
        if (!(await ticketsRepository.touchIfPending(trx, ticket_id, now))) throw conflict(TICKET_MESSAGES.closedForReplies);
        const id = await ticketsRepository.insertReply(trx, {
          ticket_id,
          author_id: auth.memberId,
          by_admin: isAdmin(auth) ? 1 : 0,
          message,
          closes_as: null,
          created_at: now,
        });
        const row = await ticketsRepository.findReply(trx, id);
        if (!row) throw notFound(TICKET_MESSAGES.notFound);
        // An administrator's answer reaches the ticket's author (decision 026), not the admin's own ticket.
        if (isAdmin(auth) && ticket.member_id !== null && ticket.member_id !== auth.memberId) {
          await notifier.notify(trx, ticket.member_id, 'ticket_answered', { ticketId: ticket_id, subject: ticket.title });
        }
        return toReply(row);
      });
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
