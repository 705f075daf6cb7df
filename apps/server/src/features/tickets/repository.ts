import type { Kysely, Transaction } from 'kysely';
import type { TicketStatus } from '@ahente/contract/tickets';
import type { Database, TicketsTable } from '../../db/schema.ts';

type Exec = Kysely<Database> | Transaction<Database>;
export type TicketRow = Omit<TicketsTable, 'id'> & { id: number };
export type NewTicketRow = Omit<TicketRow, 'id'>;
export type TicketPatch = Pick<TicketRow, 'title' | 'description' | 'type' | 'updated_at'>;
/** A ticket with the name of the member who opened it (null when nobody did, or they are gone). */
export type TicketWithMemberRow = TicketRow & {
  owner_id: number | null;
  owner_f_name: string | null;
  owner_m_name: string | null;
  owner_l_name: string | null;
};

function withMember(db: Exec) {
  return db
    .selectFrom('tickets')
    .leftJoin('members', 'members.id', 'tickets.member_id')
    .selectAll('tickets')
    .select([
      'members.id as owner_id',
      'members.f_name as owner_f_name',
      'members.m_name as owner_m_name',
      'members.l_name as owner_l_name',
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

  /** Every ticket: Pending first, then newest first. */
  listAll(db: Exec): Promise<TicketWithMemberRow[]> {
    return withMember(db)
      .orderBy((eb) => eb.case().when('tickets.status', '=', 'Pending').then(0).else(1).end())
      .orderBy('tickets.created_at', 'desc')
      .orderBy('tickets.id', 'desc')
      .execute();
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
};
