import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, PrivacyRequestsTable } from '../../db/schema.ts';
import { hasRowLocks } from '../../db/locks.ts';

type Exec = Kysely<Database> | Transaction<Database>;
export type PrivacyRequestRow = Omit<PrivacyRequestsTable, 'id'> & { id: number };

/** The members columns an erasure blanks or replaces (decision 027). */
export interface ErasedMemberPatch {
  username: string;
  email: string;
  password_hash: string;
  f_name: string;
  m_name: null;
  l_name: string;
  search_name: string;
  contact_no: string;
  updated_at: string;
  erased_at: string;
  deactivated_at: string;
}

/** Text columns of other members' rows that may carry an erased member's name: rewritten, never deleted. */
const NAME_BEARING = [
  { table: 'notifications', id: 'id', columns: ['title', 'body'] },
  { table: 'outbox', id: 'id', columns: ['subject', 'body', 'recipient'] },
  { table: 'deals', id: 'id', columns: ['agent', 'referror'] },
  { table: 'sales', id: 'id', columns: ['agent', 'referror'] },
] as const;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The SQL of privacy requests, of the anonymisation that an approved erasure performs, and of the
 * purge of an erased member's books once their retention ends (decision 027). Every write here
 * runs in the caller's transaction.
 */
export const erasureRepository = {
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

  /** The member's row, locked (PostgreSQL) for the erasure. */
  lockMember(db: Exec, id: number) {
    const query = db.selectFrom('members').selectAll().where('id', '=', id);
    return (hasRowLocks(db) ? query.forUpdate() : query).executeTakeFirst();
  },

  /** Former names and e-mails the member's audit trail recorded (an admin's edits of f_name, l_name, email…). */
  async auditTrail(db: Exec, memberId: number) {
    return db.selectFrom('member_audit').select(['id', 'changes']).where('member_id', '=', memberId).execute();
  },

  async setAuditChanges(db: Exec, id: number, changes: string) {
    await db.updateTable('member_audit').set({ changes }).where('id', '=', id).execute();
  },

  async licenceScans(db: Exec, memberId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('licenses')
      .select('scan_key')
      .where('member_id', '=', memberId)
      .where('scan_key', 'is not', null)
      .execute();
    return rows.map((r) => r.scan_key!);
  },

  /**
   * Anonymises the member's own rows: the members row replaced, personal rows deleted, licences
   * kept without their number and scan (they prove a commission was payable, decision 018).
   */
  async anonymise(db: Exec, id: number, patch: ErasedMemberPatch): Promise<void> {
    await db
      .updateTable('members')
      .set({
        ...patch,
        address: null,
        gender: null,
        birthdate: null,
        address_number: null,
        address_street: null,
        address_region: null,
        address_city: null,
        address_barangay: null,
        tin: null,
        photo: null,
        photo_type: null,
        valid_id: null,
        valid_id_type: null,
      })
      .where('id', '=', id)
      .execute();
    await db
      .updateTable('licenses')
      .set({ license_no: 'Erased', insurer: null, scan_key: null, scan_type: null, rejection_reason: null })
      .where('member_id', '=', id)
      .execute();
    for (const table of [
      'sessions',
      'member_devices',
      'member_mfa',
      'mfa_recovery_codes',
      'consents',
      'notification_preferences',
      'password_resets',
      // The links that report an e-mail change (issue 42 §3) hold the member's former addresses.
      'email_changes',
      'bank_details',
      'certifications',
    ] as const) {
      await db.deleteFrom(table).where('member_id', '=', id).execute();
    }
    // The answers kept for the member's Idempotency-Keys (decision 029): they may hold bank details.
    await db.deleteFrom('idempotency_keys').where('scope', '=', `member:${id}`).execute();
    // The member's notifications and their e-mails (the outbox rows of a notification go with it).
    await db.deleteFrom('outbox').where('member_id', '=', id).execute();
    await db.deleteFrom('notifications').where('member_id', '=', id).execute();
    // The reader's address of what they read (the access log's trigger allows only this change).
    await db.updateTable('access_log').set({ ip: null }).where('actor_id', '=', id).where('ip', 'is not', null).execute();
  },

  /** Login throttles naming the member: their username's keys (`u:<username>|<ip>`) and their password checks. */
  async deleteThrottles(db: Exec, username: string, memberKeys: string[]): Promise<void> {
    const prefix = `u:${username.toLowerCase()}|`;
    await db
      .deleteFrom('login_throttle')
      .where(sql<string>`substr(${sql.ref('key')}, 1, ${prefix.length})`, '=', prefix)
      .execute();
    if (memberKeys.length > 0) await db.deleteFrom('login_throttle').where('key', 'in', memberKeys).execute();
  },

  /**
   * The member's tickets and their conversations, but for an open finance ticket (a dispute about
   * the books, kept until it is closed: it also holds the purge back).
   */
  async deleteTickets(db: Exec, memberId: number): Promise<void> {
    const tickets = db
      .selectFrom('tickets')
      .select('id')
      .where('member_id', '=', memberId)
      .where((eb) => eb.not(eb.and([eb('type', '=', 'finance'), eb('status', '=', 'Pending')])));
    await db.deleteFrom('ticket_replies').where('ticket_id', 'in', tickets).execute();
    await db.deleteFrom('tickets').where('id', 'in', tickets).execute();
  },

  /** Deals that never became a sale: the clients' data the agency no longer needs. */
  async deleteUnsoldDeals(db: Exec, memberId: number): Promise<void> {
    await db
      .deleteFrom('deals')
      .where('member_id', '=', memberId)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('sales').select('sales.id').whereRef('sales.deal_id', '=', 'deals.id'))))
      .execute();
  },

  /**
   * Rewrites, in other members' rows, every text that holds one of `needles` (case-insensitive):
   * each occurrence becomes `replacement`. The rows are found with LIKE, the text replaced here.
   */
  async rewriteMentions(db: Exec, needles: string[], replacement: string): Promise<number> {
    const wanted = [...new Set(needles.map((n) => n.trim()).filter((n) => n.length >= 3))];
    if (wanted.length === 0) return 0;
    const patterns = wanted.map((n) => new RegExp(n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'));
    let changed = 0;
    for (const { table, id, columns } of NAME_BEARING) {
      const rows = (await db
        .selectFrom(table)
        .select([id, ...columns] as never[])
        .where((eb) =>
          eb.or(
            columns.flatMap((c) =>
              wanted.map((n) => eb(sql`lower(${sql.ref(c)})`, 'like', sql<string>`${`%${likeEscape(n.toLowerCase())}%`} escape '\\'`)),
            ),
          ),
        )
        .execute()) as unknown as Record<string, string | number | null>[];
      for (const row of rows) {
        const set: Record<string, string> = {};
        for (const c of columns) {
          const v = row[c];
          if (typeof v !== 'string') continue;
          const next = patterns.reduce((text, p) => text.replace(p, replacement), v);
          if (next !== v) set[c] = next;
        }
        if (Object.keys(set).length === 0) continue;
        await db
          .updateTable(table)
          .set(set as never)
          .where(id as never, '=', row[id] as never)
          .execute();
        changed += 1;
      }
    }
    return changed;
  },

  // ---- The books' retention ---------------------------------------------------------------------

  /** Erased members whose books are still kept: the latest day of their books, and whether a finance ticket of theirs is open. */
  async erasedWithBooks(db: Exec) {
    return db
      .selectFrom('members as m')
      .select(['m.id', 'm.erased_at'])
      .select((eb) => [
        eb
          .selectFrom('commission_entries as e')
          .select((x) => x.fn.max('e.entry_date').as('d'))
          .whereRef('e.member_id', '=', 'm.id')
          .as('last_entry'),
        eb
          .selectFrom('commission_statements as s')
          .select((x) => x.fn.max('s.period').as('p'))
          .whereRef('s.member_id', '=', 'm.id')
          .as('last_period'),
        eb
          .selectFrom('sales as s')
          .select((x) => x.fn.max('s.createdat').as('c'))
          .whereRef('s.member_id', '=', 'm.id')
          .as('last_sale'),
        eb
          .selectFrom('member_withholding as w')
          .select((x) => x.fn.max('w.effective_from').as('w'))
          .whereRef('w.member_id', '=', 'm.id')
          .as('last_withholding'),
        eb
          .selectFrom('tickets as t')
          .select((x) => x.fn.countAll<number>().as('n'))
          .whereRef('t.member_id', '=', 'm.id')
          .where('t.type', '=', 'finance')
          .where('t.status', '=', 'Pending')
          .as('open_disputes'),
      ])
      .where('m.erased_at', 'is not', null)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('commission_entries as e').select('e.id').whereRef('e.member_id', '=', 'm.id')),
          eb.exists(eb.selectFrom('commission_statements as s').select('s.id').whereRef('s.member_id', '=', 'm.id')),
          eb.exists(eb.selectFrom('sales as s').select('s.id').whereRef('s.member_id', '=', 'm.id')),
          eb.exists(eb.selectFrom('member_withholding as w').select('w.id').whereRef('w.member_id', '=', 'm.id')),
        ]),
      )
      .execute();
  },

  /**
   * Deletes an erased member's books: their commission entries (with the decisions on them),
   * statements and withholding rates; their sales (and the deals they came from) that no other
   * member's entry points to (a leader's override keeps the sale it was earned on: those are the
   * leader's books, kept by the leader's retention). Answers how many sales were kept.
   */
  async purgeBooks(db: Exec, memberId: number): Promise<{ entries: number; sales: number; keptSales: number }> {
    const own = db.selectFrom('commission_entries').select('id').where('member_id', '=', memberId);
    await db.deleteFrom('commission_entry_decisions').where('entry_id', 'in', own).execute();
    // Reversals point to the entries they take back: those first, then the rest.
    await db.deleteFrom('commission_entries').where('member_id', '=', memberId).where('reverses_id', 'is not', null).execute();
    const entries = await db.deleteFrom('commission_entries').where('member_id', '=', memberId).executeTakeFirst();
    await db.updateTable('commission_statements').set({ brought_forward_from: null }).where('member_id', '=', memberId).execute();
    await db.deleteFrom('commission_statements').where('member_id', '=', memberId).execute();
    await db.deleteFrom('member_withholding').where('member_id', '=', memberId).execute();

    const sales = await db.selectFrom('sales').select(['id', 'deal_id']).where('member_id', '=', memberId).execute();
    const referenced = new Set(
      sales.length === 0
        ? []
        : (
            await db
              .selectFrom('commission_entries')
              .select('sale_id')
              .where(
                'sale_id',
                'in',
                sales.map((s) => s.id),
              )
              .execute()
          ).map((r) => r.sale_id),
    );
    const gone = sales.filter((s) => !referenced.has(s.id));
    if (gone.length > 0) {
      const ids = gone.map((s) => s.id);
      await db.updateTable('sales').set({ renewed_by_sale_id: null }).where('renewed_by_sale_id', 'in', ids).execute();
      await db.updateTable('sales').set({ renews_sale_id: null }).where('renews_sale_id', 'in', ids).execute();
      await db.updateTable('deals').set({ renews_sale_id: null }).where('renews_sale_id', 'in', ids).execute();
      await db.deleteFrom('sales').where('id', 'in', ids).execute();
      await db
        .deleteFrom('deals')
        .where(
          'id',
          'in',
          gone.map((s) => s.deal_id),
        )
        .where((eb) => eb.not(eb.exists(eb.selectFrom('sales').select('sales.id').whereRef('sales.deal_id', '=', 'deals.id'))))
        .execute();
    }
    return { entries: Number(entries.numDeletedRows), sales: gone.length, keptSales: sales.length - gone.length };
  },
};
