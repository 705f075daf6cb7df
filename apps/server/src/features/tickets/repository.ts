import type { TicketStatus } from '@ahente/contract/tickets';
import type { TicketRepliesTable, TicketsTable } from '../../db/schema.ts';
import type { Exec } from '../../db/exec.ts';

export type TicketRow = Omit<TicketsTable, 'id'> & { id: number };
export type NewTicketRow = Omit<TicketRow, 'id'>;
export type TicketPatch = Pick<TicketRow, 'title' | 'description' | 'type' | 'updated_at'>;
/**
 * A ticket with the name of the member who opened it (null when nobody did, or they are gone) and
 * the number of replies of its conversation.
 */
export type TicketWithMemberRow = TicketRow & {
  owner_id: number | null;
  owner_username: string | null;
  owner_f_name: string | null;
  owner_m_name: string | null;
  owner_l_name: string | null;
  reply_count: number | string | null;
};
export type ReplyRow = Omit<TicketRepliesTable, 'id'> & { id: number };
export type NewReplyRow = Omit<ReplyRow, 'id'>;
/** A reply with its author's name. */
export type ReplyWithAuthorRow = ReplyRow & { author_f_name: string; author_l_name: string };

/** A ticket waiting for the agency: the Tickets List puts these first, the administrator's queues count them. */
const OPEN: TicketStatus = 'Pending';

function withMember(db: Exec) {
  return db
    .selectFrom('tickets')
    .leftJoin('members', 'members.id', 'tickets.member_id')
    .selectAll('tickets')
    .select((eb) => [
      'members.id as owner_id',
      'members.username as owner_username',
      'members.f_name as owner_f_name',
      'members.m_name as owner_m_name',
      'members.l_name as owner_l_name',
      eb
        .selectFrom('ticket_replies')
        .select((r) => r.fn.countAll<number>().as('n'))
        .whereRef('ticket_replies.ticket_id', '=', 'tickets.id')
        .as('reply_count'),
    ]);
}

export const ticketsRepository = {
  async insert(db: Exec, row: NewTicketRow): Promise<number> {
    return (await db.insertInto('tickets').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  find(db: Exec, id: number): Promise<TicketWithMemberRow | undefined> {
    return withMember(db).where('tickets.id', '=', id).executeTakeFirst();
  },

  /** A member's tickets, newest first. */
  listForMember(db: Exec, memberId: number): Promise<TicketWithMemberRow[]> {
    return withMember(db)
      .where('tickets.member_id', '=', memberId)
      .orderBy('tickets.created_at', 'desc')
      .orderBy('tickets.id', 'desc')
      .execute();
  },

  /** Every ticket: the open (Pending) first, then newest first. */
  listAll(db: Exec): Promise<TicketWithMemberRow[]> {
    return withMember(db)
      .orderBy((eb) => eb.case().when('tickets.status', '=', OPEN).then(0).else(1).end())
      .orderBy('tickets.created_at', 'desc')
      .orderBy('tickets.id', 'desc')
      .execute();
  },

  /** How many tickets are open (Pending): those the Tickets List puts first, counted (decision 021). */
  async openCount(db: Exec): Promise<number> {
    const row = await db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tickets.status', '=', OPEN)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Changes title, description and type; false when no such ticket. */
  async update(db: Exec, id: number, patch: TicketPatch): Promise<boolean> {
    const res = await db.updateTable('tickets').set(patch).where('id', '=', id).executeTakeFirst();
    return res.numUpdatedRows > 0n;
  },

  /**
   * Closes the ticket only if it is still Pending, in one conditional UPDATE: of two admins
   * closing it at once exactly one changes a row (decision 012). True when this call closed it.
   */
  async closeIfPending(db: Exec, id: number, status: TicketStatus, closedBy: number, at: string): Promise<boolean> {
    const res = await db
      .updateTable('tickets')
      .set({ status, closed_at: at, closed_by: closedBy, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'Pending')
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  },

  /**
   * Marks a Pending ticket as just answered, in one conditional UPDATE that also takes the row's
   * lock: a reply and a Resolve or Reject of the same ticket happen one after the other, so no
   * reply lands after the closing message (decision 020). False when it is not Pending.
   */
  async touchIfPending(db: Exec, id: number, at: string): Promise<boolean> {
    const res = await db
      .updateTable('tickets')
      .set({ updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'Pending')
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  },

  async insertReply(db: Exec, row: NewReplyRow): Promise<number> {
    return (await db.insertInto('ticket_replies').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  /** A ticket's conversation, oldest first, with each author's name. */
  listReplies(db: Exec, ticketId: number): Promise<ReplyWithAuthorRow[]> {
    return replies(db).where('ticket_replies.ticket_id', '=', ticketId).orderBy('ticket_replies.id', 'asc').execute();
  },

  findReply(db: Exec, id: number): Promise<ReplyWithAuthorRow | undefined> {
    return replies(db).where('ticket_replies.id', '=', id).executeTakeFirst();
  },
};

function replies(db: Exec) {
  return db
    .selectFrom('ticket_replies')
    .innerJoin('members', 'members.id', 'ticket_replies.author_id')
    .selectAll('ticket_replies')
    .select(['members.f_name as author_f_name', 'members.l_name as author_l_name']);
}
