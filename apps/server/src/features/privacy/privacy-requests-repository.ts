import { sql } from 'kysely';
import type { PrivacyRequestsTable } from '../../db/schema.ts';
import { hasRowLocks } from '../../db/locks.ts';
import type { Exec } from '../../db/exec.ts';

export type PrivacyRequestRow = Omit<PrivacyRequestsTable, 'id'> & { id: number };

/**
 * The SQL of privacy requests (decision 027): a member's erasure request, the administrator's
 * decision on it, and the Privacy page's queue of requests and privacy tickets.
 */
export const privacyRequestsRepository = {
  async insertRequest(db: Exec, row: Omit<PrivacyRequestRow, 'id'>): Promise<number> {
    return (await db.insertInto('privacy_requests').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  /** The member's latest request (open first, then newest), or undefined. */
  latestOf(db: Exec, memberId: number): Promise<PrivacyRequestRow | undefined> {
    return db
      .selectFrom('privacy_requests')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy(sql`case when status = 'open' then 0 else 1 end`)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  /** The member's open erasure request, locked until the transaction ends (PostgreSQL). */
  lockOpen(db: Exec, memberId: number): Promise<PrivacyRequestRow | undefined> {
    const query = db.selectFrom('privacy_requests').selectAll().where('member_id', '=', memberId).where('status', '=', 'open');
    return (hasRowLocks(db) ? query.forUpdate() : query).executeTakeFirst();
  },

  async decide(
    db: Exec,
    id: number,
    patch: { status: 'approved' | 'refused'; decided_at: string; decided_by: number; reason: string | null },
  ) {
    const r = await db.updateTable('privacy_requests').set(patch).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Open erasure requests with their member, oldest first. */
  openRequests(db: Exec) {
    return db
      .selectFrom('privacy_requests as r')
      .innerJoin('members as m', 'm.id', 'r.member_id')
      .select(['r.id', 'r.member_id', 'r.status', 'r.requested_at', 'r.due_on', 'r.decided_at', 'r.reason'])
      .select(['m.f_name', 'm.m_name', 'm.l_name', 'm.username'])
      .select(sql<null>`null`.as('decider_f_name'))
      .select(sql<null>`null`.as('decider_m_name'))
      .select(sql<null>`null`.as('decider_l_name'))
      .where('r.status', '=', 'open')
      .orderBy('r.requested_at')
      .orderBy('r.id')
      .execute();
  },

  /** Erasure requests decided since `since`, newest first. */
  decidedSince(db: Exec, since: string) {
    return db
      .selectFrom('privacy_requests as r')
      .innerJoin('members as m', 'm.id', 'r.member_id')
      .leftJoin('members as d', 'd.id', 'r.decided_by')
      .select(['r.id', 'r.member_id', 'r.status', 'r.requested_at', 'r.due_on', 'r.decided_at', 'r.reason'])
      .select(['m.f_name', 'm.m_name', 'm.l_name', 'm.username'])
      .select(['d.f_name as decider_f_name', 'd.m_name as decider_m_name', 'd.l_name as decider_l_name'])
      .where('r.status', '!=', 'open')
      .where('r.decided_at', '>=', since)
      .orderBy('r.decided_at', 'desc')
      .orderBy('r.id', 'desc')
      .execute();
  },

  /** Tickets of type privacy: the open ones (oldest first) and the ones closed since `since`. */
  privacyTickets(db: Exec, since: string) {
    return db
      .selectFrom('tickets as t')
      .leftJoin('members as m', 'm.id', 't.member_id')
      .leftJoin('members as d', 'd.id', 't.closed_by')
      .select(['t.id', 't.member_id', 't.title', 't.status', 't.created_at', 't.closed_at'])
      .select(['m.f_name', 'm.m_name', 'm.l_name', 'm.username'])
      .select(['d.f_name as decider_f_name', 'd.m_name as decider_m_name', 'd.l_name as decider_l_name'])
      .where('t.type', '=', 'privacy')
      .where((eb) => eb.or([eb('t.status', '=', 'Pending'), eb('t.closed_at', '>=', since)]))
      .orderBy('t.created_at')
      .orderBy('t.id')
      .execute();
  },
};
