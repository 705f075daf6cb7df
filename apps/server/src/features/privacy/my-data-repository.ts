import type { Exec } from '../../db/exec.ts';

/** Tables whose rows belong to one member by `member_id` and go to the export as they are stored. */
export const OWN_TABLES = [
  'bank_details',
  'certifications',
  'licenses',
  'deals',
  'sales',
  'commission_entries',
  'commission_statements',
  'member_withholding',
] as const;

/** The reads of a member's copy of their data that no other feature's repository answers (decision 027). */
export const myDataRepository = {
  /** The member's row, all but the password's hash. */
  memberOf(db: Exec, memberId: number) {
    return db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
  },

  /** The member's rows of a table keyed by member_id, oldest first. */
  rowsOf<T extends (typeof OWN_TABLES)[number]>(db: Exec, table: T, memberId: number): Promise<Record<string, unknown>[]> {
    return db
      .selectFrom(table as 'deals')
      .selectAll()
      .where('member_id', '=', memberId)
      .execute();
  },

  /** The member's tickets and every reply in their conversations. */
  async ticketsOf(db: Exec, memberId: number) {
    const tickets = await db.selectFrom('tickets').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
    const replies =
      tickets.length === 0
        ? []
        : await db
            .selectFrom('ticket_replies')
            .select(['id', 'ticket_id', 'by_admin', 'message', 'closes_as', 'created_at'])
            .where(
              'ticket_id',
              'in',
              tickets.map((t) => t.id),
            )
            .orderBy('id')
            .execute();
    return tickets.map((t) => ({ ...t, replies: replies.filter((r) => r.ticket_id === t.id) }));
  },

  consentsOf(db: Exec, memberId: number) {
    return db
      .selectFrom('consents')
      .select(['notice_version', 'accepted_at'])
      .where('member_id', '=', memberId)
      .orderBy('accepted_at')
      .execute();
  },

  /** Who read the member's sensitive data: the reader by name, what and when (not the reader's address). */
  accessLogOf(db: Exec, memberId: number) {
    return db
      .selectFrom('access_log as a')
      .leftJoin('members as r', 'r.id', 'a.actor_id')
      .select(['a.id', 'a.actor_id', 'a.what', 'a.detail', 'a.at', 'r.f_name', 'r.m_name', 'r.l_name'])
      .where('a.subject_id', '=', memberId)
      .where('a.actor_id', '!=', memberId)
      .orderBy('a.id', 'desc')
      .execute();
  },

  privacyRequestsOf(db: Exec, memberId: number) {
    return db
      .selectFrom('privacy_requests')
      .select(['id', 'kind', 'status', 'requested_at', 'due_on', 'decided_at', 'reason'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
  },

  notificationsOf(db: Exec, memberId: number) {
    return db
      .selectFrom('notifications')
      .select(['id', 'event', 'title', 'body', 'link', 'created_at', 'read_at'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .execute();
  },

  /**
   * The member's proposals (decision 038), oldest first, each with every version it had (what was
   * quoted, the rates it was made with), each version's options with their breakdowns, and the
   * proposal's events. Amounts as stored, in centavos; the coverage lines parsed from their JSON.
   */
  async proposalsOf(db: Exec, memberId: number) {
    const proposals = await db.selectFrom('proposals').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
    if (proposals.length === 0) return [];
    const ids = proposals.map((p) => p.id);
    const [versions, events] = await Promise.all([
      db.selectFrom('proposal_versions').selectAll().where('proposal_id', 'in', ids).orderBy('id').execute(),
      db.selectFrom('proposal_events').selectAll().where('proposal_id', 'in', ids).orderBy('id').execute(),
    ]);
    const options =
      versions.length === 0
        ? []
        : await db
            .selectFrom('proposal_options')
            .selectAll()
            .where(
              'version_id',
              'in',
              versions.map((v) => v.id),
            )
            .orderBy('version_id')
            .orderBy('position')
            .execute();
    const coverages = (text: string): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    };
    return proposals.map((p) => ({
      ...p,
      versions: versions
        .filter((v) => v.proposal_id === p.id)
        .map((v) => ({
          ...v,
          options: options.filter((o) => o.version_id === v.id).map((o) => ({ ...o, coverages: coverages(o.coverages) })),
        })),
      events: events.filter((e) => e.proposal_id === p.id),
    }));
  },
};
