/**
 * The erasure's SQL (decision 027), in one file on purpose (over 500 lines): the rule of every
 * column of every table that may hold a person's words (ERASURE_TEXT_COLUMNS) sits beside the statements
 * that apply it, so that a table added without its rules fails erasure.test's check in one place.
 */
import { SqliteAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hasRowLocks } from '../../db/locks.ts';
import type { Exec } from '../../db/exec.ts';
import { likeEscape } from '../../db/like.ts';
import { policyKey } from '../../lib/insurer-keys.ts';

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

/**
 * What an approved erasure does with each text column of the schema (decision 027). A test reads
 * the live schema on both databases and fails on a text column missing here.
 * - rewrite: free text people write (or a name copied from a member): every quote of the erased
 *   member is replaced (erasure-mentions.ts), in every row, theirs and everyone else's;
 * - rewrite-json: JSON text: its string values rewritten the same way;
 * - drop-row: a stored answer or a throttle key: a row quoting or naming them is deleted;
 * - personal: the row's own member's data: the erased member's is cleared or deleted with their
 *   rows; another member's is that member's own (a namesake's name is not a quote);
 * - client: a client's identity on a deal or a sale: the policyholder's, kept with the books;
 * - record: kept as written: the privacy notice members consented to; the access log's detail
 *   (generated, never a name, and append-only); the agency's own tax details (its TIN, address and
 *   RDO: the agency's, never a member's);
 * - fixed: never free text: a date or time, a value of a closed set, a generated key, code, label,
 *   path, hash or secret.
 */
export type TextColumnRule = 'rewrite' | 'rewrite-json' | 'drop-row' | 'personal' | 'client' | 'record' | 'fixed';

export const ERASURE_TEXT_COLUMNS = {
  members: {
    ...{ username: 'personal', password_hash: 'personal', email: 'personal', f_name: 'personal', m_name: 'personal' },
    ...{ l_name: 'personal', contact_no: 'personal', address: 'personal', search_name: 'personal', tin: 'personal' },
    ...{ address_number: 'personal', address_street: 'personal', address_region: 'personal', address_city: 'personal' },
    ...{ address_barangay: 'personal', gender: 'personal', birthdate: 'personal', photo: 'personal', photo_type: 'personal' },
    ...{ valid_id: 'personal', valid_id_type: 'personal', referral_code: 'fixed', account_type: 'fixed', position: 'fixed' },
    ...{ status: 'fixed', language: 'fixed', reg_date: 'fixed', updated_at: 'fixed', deactivated_at: 'fixed', erased_at: 'fixed' },
  },
  sessions: { id: 'fixed', user_agent: 'personal', ip: 'personal', created_at: 'fixed', last_seen_at: 'fixed', expires_at: 'fixed' },
  login_throttle: { key: 'drop-row', window_start: 'fixed' },
  deals: {
    ...{ customer_name: 'client', customer_contact: 'client', customer_email: 'client', agent: 'rewrite', referror: 'rewrite' },
    ...{ insurer: 'rewrite', product: 'fixed', tx_type: 'fixed', deal_status: 'fixed', sales_type: 'fixed', sales_group: 'fixed' },
    ...{ effective_date: 'fixed', createdat: 'fixed', updated_at: 'fixed' },
    // Decision 040: a store request's deal: the client's answers (the client's data) and its source.
    ...{ notes: 'client', source: 'fixed' },
  },
  sales: {
    ...{ customer_name: 'client', customer_contact: 'client', customer_email: 'client', agent: 'rewrite', referror: 'rewrite' },
    ...{ policy_number: 'rewrite', insurer: 'rewrite', plan_name: 'rewrite', rejection_reason: 'rewrite', cancel_reason: 'rewrite' },
    ...{ product: 'fixed', tx_type: 'fixed', sales_type: 'fixed', sales_group: 'fixed', verification: 'fixed' },
    ...{ effective_date: 'fixed', createdat: 'fixed', verified_at: 'fixed', cancelled_on: 'fixed', cancelled_at: 'fixed' },
    ...{ expiry_date: 'fixed', policy_key: 'rewrite' },
  },
  sections: { name: 'rewrite', name_key: 'rewrite', library: 'fixed', createdat: 'fixed' },
  materials: { title: 'rewrite', storage_key: 'fixed', content_type: 'fixed', createdat: 'fixed' },
  server_secrets: { name: 'fixed', value: 'fixed', created_at: 'fixed' },
  member_audit: { changes: 'rewrite-json', action: 'fixed', at: 'fixed' },
  tickets: {
    title: 'rewrite',
    description: 'rewrite',
    type: 'fixed',
    status: 'fixed',
    created_at: 'fixed',
    closed_at: 'fixed',
    updated_at: 'fixed',
  },
  ticket_replies: { message: 'rewrite', closes_as: 'fixed', created_at: 'fixed' },
  bank_details: { bank_name: 'personal', account_number: 'personal', account_name: 'personal', created_at: 'fixed', updated_at: 'fixed' },
  certifications: {
    ...{ lfa_code: 'personal', cirm_code: 'personal', coding_date_1: 'fixed', coding_date_2: 'fixed', individual_hmo: 'fixed' },
    ...{ sme_hmo: 'fixed', corporate_gyrt: 'fixed', prepaid_hmo: 'fixed', corporate_cgli: 'fixed', corporate_hmo: 'fixed' },
    ...{ createdat: 'fixed' },
  },
  commission_rates: { kind: 'fixed', key: 'fixed', effective_from: 'fixed', created_at: 'fixed' },
  commission_periods: { period: 'fixed', closed_at: 'fixed' },
  commission_statements: {
    ...{ paid_reference: 'rewrite', period: 'fixed', atc: 'fixed', created_at: 'fixed', paid_on: 'fixed', paid_at: 'fixed' },
  },
  commission_entries: {
    ...{ reason: 'rewrite', rule: 'fixed', hold_reason: 'fixed', kind: 'fixed', position: 'fixed', entry_date: 'fixed' },
    ...{ period: 'fixed', created_at: 'fixed' },
  },
  commission_entry_decisions: { reason: 'rewrite', decision: 'fixed', decided_at: 'fixed' },
  licenses: {
    ...{ rejection_reason: 'rewrite', license_no: 'personal', insurer: 'personal', scan_key: 'personal', scan_type: 'personal' },
    ...{ line: 'fixed', status: 'fixed', issued_on: 'fixed', expires_on: 'fixed', decided_at: 'fixed', created_at: 'fixed' },
  },
  member_withholding: { reason: 'rewrite', effective_from: 'fixed', created_at: 'fixed' },
  payout_settings: { atc_5: 'fixed', atc_10: 'fixed', created_at: 'fixed' },
  agency_tax_details: { tin: 'record', address: 'record', rdo: 'record', created_at: 'fixed' },
  notifications: {
    ...{ title: 'rewrite', body: 'rewrite', event: 'fixed', link: 'fixed', dedupe_key: 'fixed', created_at: 'fixed', read_at: 'fixed' },
  },
  outbox: {
    ...{ recipient: 'rewrite', subject: 'rewrite', body: 'rewrite', last_error: 'rewrite', channel: 'fixed', status: 'fixed' },
    ...{ next_attempt_at: 'fixed', created_at: 'fixed', sent_at: 'fixed' },
  },
  notification_preferences: { event: 'fixed', updated_at: 'fixed' },
  password_resets: { token_hash: 'fixed', created_at: 'fixed', expires_at: 'fixed', used_at: 'fixed' },
  // Decision 027: the erased member's links are deleted with their rows (their former addresses).
  email_changes: {
    ...{ token_hash: 'fixed', old_email: 'personal', new_email: 'personal', created_at: 'fixed', expires_at: 'fixed', used_at: 'fixed' },
  },
  privacy_notices: { body: 'record', published_at: 'fixed' },
  consents: { ip: 'personal', accepted_at: 'fixed' },
  privacy_requests: { reason: 'rewrite', kind: 'fixed', status: 'fixed', requested_at: 'fixed', due_on: 'fixed', decided_at: 'fixed' },
  access_log: { detail: 'record', ip: 'personal', what: 'fixed', at: 'fixed' },
  member_mfa: { secret: 'personal', created_at: 'fixed', enabled_at: 'fixed' },
  mfa_recovery_codes: { code_hash: 'fixed', used_at: 'fixed' },
  member_devices: { user_agent: 'personal', device_hash: 'fixed', first_seen_at: 'fixed', last_seen_at: 'fixed' },
  idempotency_keys: {
    ...{ body: 'drop-row', idem_key: 'drop-row', scope: 'fixed', route: 'fixed', fingerprint: 'fixed', content_type: 'fixed' },
    ...{ created_at: 'fixed', completed_at: 'fixed' },
  },
  job_runs: { job: 'fixed', slot: 'fixed', owner: 'fixed', started_at: 'fixed', lease_until: 'fixed', finished_at: 'fixed' },
  // Decision 037: an insurer is an organisation's record, kept as written; the statements' lines
  // name the agency's clients (kept with the books); what people type (a file's name, a reason) is rewritten.
  insurers: {
    ...{ name: 'record', code: 'record', name_key: 'fixed', statement_mapping: 'fixed', created_at: 'fixed', updated_at: 'fixed' },
  },
  insurer_aliases: { alias: 'record', alias_key: 'fixed' },
  insurer_rates: { product: 'fixed', effective_from: 'fixed', created_at: 'fixed' },
  statement_imports: {
    ...{ file_name: 'rewrite', undo_reason: 'rewrite', period: 'fixed', file_sha256: 'fixed', mapping: 'fixed' },
    ...{ created_at: 'fixed', undone_at: 'fixed' },
  },
  statement_lines: {
    ...{ policy_no: 'client', insured_name: 'client', policy_key: 'fixed', reason: 'rewrite', transaction: 'fixed' },
    ...{ status: 'fixed', effective_date: 'fixed', paid_on: 'fixed' },
  },
  statement_line_decisions: { reason: 'rewrite', action: 'fixed', from_status: 'fixed', to_status: 'fixed', decided_at: 'fixed' },
  statement_verifications: { verified_at: 'fixed', undone_at: 'fixed' },
  // Decision 038: a proposal's client is the agency's client (kept as a deal's); what the agent
  // types (notes, plan, coverages, deductible, remarks, a client's reason) is rewritten.
  proposals: {
    ...{ client_name: 'client', number: 'fixed', status: 'fixed', product: 'fixed', valid_until: 'fixed', share_token_hash: 'fixed' },
    ...{ created_at: 'fixed', updated_at: 'fixed', sent_at: 'fixed', first_opened_at: 'fixed' },
  },
  proposal_versions: {
    ...{ client_name: 'client', client_contact: 'client', client_email: 'client', notes: 'rewrite', product: 'fixed' },
    ...{ tax_line: 'fixed', valid_until: 'fixed', start_date: 'fixed', created_at: 'fixed' },
  },
  proposal_options: {
    ...{ insurer: 'rewrite', plan_name: 'rewrite', coverages: 'rewrite-json', deductible: 'rewrite', remarks: 'rewrite' },
  },
  proposal_events: { reason: 'rewrite', action: 'fixed', by_kind: 'fixed', at: 'fixed' },
  proposal_tax_settings: { key: 'fixed', effective_from: 'fixed', created_at: 'fixed' },
  ctpl_premiums: { vehicle_type: 'fixed', effective_from: 'fixed', created_at: 'fixed' },
  // Decision 040: the E-Store. A request is the agency's client's (kept as its deal's); the catalogue is the agency's.
  store_products: {
    ...{ product: 'fixed', description: 'rewrite', questions: 'rewrite-json', lines: 'fixed', image_key: 'fixed', image_type: 'fixed' },
    ...{ created_at: 'fixed', updated_at: 'fixed' },
  },
  store_settings: { updated_at: 'fixed' },
  store_requests: {
    ...{ product: 'fixed', client_name: 'client', client_mobile: 'client', client_email: 'client', message: 'client' },
    ...{ answers: 'client', status: 'fixed', consented_at: 'fixed', created_at: 'fixed', updated_at: 'fixed' },
  },
  store_views: { month: 'fixed' },
  // Decision 039: a course is the agency's text, written by administrators (rewritten if it quotes
  // the erased member); a member's takes, attempts and certificates are deleted with them.
  courses: {
    ...{ title: 'rewrite', status: 'fixed', required_scope: 'fixed', required_value: 'fixed', required_since: 'fixed' },
    ...{ created_at: 'fixed', updated_at: 'fixed' },
  },
  course_versions: { title: 'rewrite', description: 'rewrite', lines: 'fixed', created_at: 'fixed', published_at: 'fixed' },
  course_modules: { title: 'rewrite', body: 'rewrite', kind: 'fixed', url: 'fixed' },
  course_questions: { text: 'rewrite', choices: 'rewrite-json', correct: 'fixed' },
  course_enrolments: { started_at: 'fixed', quiz_passed_at: 'fixed', completed_at: 'fixed' },
  course_module_progress: { done_at: 'fixed' },
  course_attempts: { day: 'fixed', at: 'fixed' },
  course_certificates: { code: 'fixed', issued_on: 'fixed', valid_until: 'fixed', issued_at: 'fixed' },
} as const satisfies { [T in keyof Database]?: Partial<Record<keyof Database[T] & string, TextColumnRule>> };

/** The key of each table with columns to rewrite. */
const REWRITE_KEYS = {
  deals: 'id',
  sales: 'id',
  sections: 'id',
  materials: 'id',
  member_audit: 'id',
  tickets: 'id',
  ticket_replies: 'id',
  commission_statements: 'id',
  commission_entries: 'id',
  commission_entry_decisions: 'entry_id',
  licenses: 'id',
  member_withholding: 'id',
  notifications: 'id',
  outbox: 'id',
  privacy_requests: 'id',
  statement_imports: 'id',
  statement_lines: 'id',
  statement_line_decisions: 'id',
  proposal_versions: 'id',
  proposal_options: 'id',
  proposal_events: 'id',
  store_products: 'id',
  courses: 'id',
  course_versions: 'id',
  course_modules: 'id',
  course_questions: 'id',
} as const;

type RewriteTable = keyof typeof REWRITE_KEYS;

/** The `rewrite` keys set from their text's rewrite rather than rewritten themselves. */
const FOLLOWING_KEYS = new Set(['sections.name_key', 'sales.policy_key']);

/** The tables and columns an erasure rewrites, from ERASURE_TEXT_COLUMNS. */
const REWRITTEN = Object.entries(ERASURE_TEXT_COLUMNS).flatMap(([table, columns]) => {
  const rewritten = Object.entries(columns).filter(([, rule]) => rule === 'rewrite' || rule === 'rewrite-json');
  if (rewritten.length === 0) return [];
  return [{ table: table as RewriteTable, key: REWRITE_KEYS[table as RewriteTable], columns: rewritten as [string, TextColumnRule][] }];
});

/** What the rewrite of quotes needs from the service. */
export interface QuoteRewrite {
  /** LIKE patterns over lower(column): a row matching none is left unread. */
  like: string[];
  rewrite(text: string): string;
  quotes(text: string): boolean;
  /** The section name's key, from its (rewritten) name (the materials service's rule). */
  sectionKey(name: string): string;
}

/** `lower(column) like pattern escape '\'` for any of the columns and patterns. */
const likeAny = (columns: readonly string[], patterns: readonly string[]) =>
  sql<boolean>`(${sql.join(
    columns.flatMap((c) => patterns.map((p) => sql`lower(${sql.ref(c)}) like ${p} escape '\\'`)),
    sql` or `,
  )})`;

/** The string values of a JSON text rewritten; text that is not JSON is rewritten as text. */
function rewriteJson(text: string, rewrite: (s: string) => string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return rewrite(text);
  }
  const walk = (v: unknown): unknown =>
    typeof v === 'string'
      ? rewrite(v)
      : Array.isArray(v)
        ? v.map(walk)
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
          : v;
  const next = JSON.stringify(walk(value));
  return next === JSON.stringify(value) ? text : next;
}

/**
 * The SQL of the anonymisation that an approved erasure performs (decision 027): the member's own
 * rows, and every quote of them in anyone's free text. Every write here runs in the caller's
 * transaction. The requests themselves are in privacy-requests-repository.ts, the purge of an
 * erased member's books in erased-books-repository.ts.
 */
export const erasureRepository = {
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
      // The links that report an e-mail change (decision 027) hold the member's former addresses.
      'email_changes',
      'bank_details',
      'certifications',
      // Their University takes (decision 039): progress, attempts and certificates go with them.
      'course_certificates',
      'course_enrolments',
    ] as const) {
      await db.deleteFrom(table).where('member_id', '=', id).execute();
    }
    // The member's notifications and their e-mails (the outbox rows of a notification go with it).
    await db.deleteFrom('outbox').where('member_id', '=', id).execute();
    await db.deleteFrom('notifications').where('member_id', '=', id).execute();
    // The reader's address of what they read (the access log's trigger allows only this change).
    await db.updateTable('access_log').set({ ip: null }).where('actor_id', '=', id).where('ip', 'is not', null).execute();
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
   * Rewrites every quote of the erased member in the columns ERASURE_TEXT_COLUMNS marks
   * `rewrite` or `rewrite-json`, in every row: the candidate rows are found with LIKE (both
   * databases), the text rewritten here (case-insensitive, whole words, erasure-mentions.ts) and
   * written back only when it changed. A section's key follows its rewritten name. Answers the
   * number of rows changed.
   */
  async rewriteQuotes(db: Exec, quotes: QuoteRewrite): Promise<number> {
    if (quotes.like.length === 0) return 0;
    let changed = 0;
    for (const { table, key, columns } of REWRITTEN) {
      // A key that follows its text (a section's name, a sale's policy number) is set from it, not searched.
      const texts = columns.map(([c]) => c).filter((c) => !FOLLOWING_KEYS.has(`${table}.${c}`));
      const rows = (await db
        .selectFrom(table)
        .select([key, ...texts] as never[])
        .where(likeAny(texts, quotes.like))
        .execute()) as unknown as Record<string, string | number | null>[];
      for (const row of rows) {
        const set: Record<string, string> = {};
        for (const [c, rule] of columns) {
          const v = row[c];
          if (typeof v !== 'string') continue;
          const next = rule === 'rewrite-json' ? rewriteJson(v, quotes.rewrite) : quotes.rewrite(v);
          if (next !== v) set[c] = next;
        }
        if (Object.keys(set).length === 0) continue;
        if (table === 'sections' && set.name !== undefined) set.name_key = quotes.sectionKey(set.name);
        if (table === 'sales' && set.policy_number !== undefined) set.policy_key = policyKey(set.policy_number);
        await db
          .updateTable(table)
          .set(set as never)
          .where(key as never, '=', row[key] as never)
          .execute();
        changed += 1;
      }
    }
    return changed;
  },

  /**
   * Deletes the `Idempotency-Key` answers (decision 029) the erased member's requests stored, and
   * every other stored answer (or key) that quotes them: an administrator's answer that carried
   * their bank account or name would otherwise be replayable for 24 hours.
   */
  async deleteQuotingAnswers(db: Exec, memberId: number, quotes: QuoteRewrite): Promise<number> {
    const scope = `member:${memberId}`;
    const own = await db.deleteFrom('idempotency_keys').where('scope', '=', scope).executeTakeFirst();
    let deleted = Number(own.numDeletedRows);
    if (quotes.like.length === 0) return deleted;
    const rows = await db
      .selectFrom('idempotency_keys')
      .select(['scope', 'route', 'idem_key', 'body'])
      .where(likeAny(['body', 'idem_key'], quotes.like))
      .execute();
    for (const r of rows) {
      if (!quotes.quotes(r.idem_key) && !(r.body !== null && quotes.quotes(r.body))) continue;
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', r.scope)
        .where('route', '=', r.route)
        .where('idem_key', '=', r.idem_key)
        .execute();
      deleted += 1;
    }
    return deleted;
  },

  /**
   * What an erasure must know of the member's values before it clears them: their bank account
   * and licence numbers.
   */
  async accountsAndLicences(db: Exec, memberId: number): Promise<{ accounts: string[]; licences: string[] }> {
    const accounts = await db.selectFrom('bank_details').select('account_number').where('member_id', '=', memberId).execute();
    const licences = await db.selectFrom('licenses').select('license_no').where('member_id', '=', memberId).execute();
    return { accounts: accounts.map((a) => a.account_number), licences: licences.map((l) => l.license_no) };
  },

  /**
   * Which of the erased member's values another living (not erased) member also has, or, for a
   * part of the name, a client on a deal or a sale: such a value in free text may be theirs, so it
   * is not rewritten (erasure-mentions.ts). `first` and `last` are lower case.
   */
  async sharedValues(
    db: Exec,
    memberId: number,
    v: { first: string; last: string; contact: string; tin: string | null; accounts: string[] },
  ): Promise<{ fullName: boolean; firstName: boolean; lastName: boolean; phone: boolean; tin: boolean; accounts: Set<string> }> {
    const found = (row: unknown) => row !== undefined;
    const others = () => db.selectFrom('members').select('id').where('id', '!=', memberId).where('erased_at', 'is', null).limit(1);
    const containing = (column: string, part: string) =>
      sql<boolean>`lower(${sql.ref(column)}) like ${`%${likeEscape(part)}%`} escape '\\'`;
    const namedBy = async (part: string) =>
      found(await others().where(containing('search_name', part)).executeTakeFirst()) ||
      found(await db.selectFrom('deals').select('id').where(containing('customer_name', part)).limit(1).executeTakeFirst()) ||
      found(await db.selectFrom('sales').select('id').where(containing('customer_name', part)).limit(1).executeTakeFirst());
    const sharedAccounts =
      v.accounts.length === 0
        ? []
        : await db
            .selectFrom('bank_details')
            .select('account_number')
            .where('member_id', '!=', memberId)
            .where('account_number', 'in', v.accounts)
            .execute();
    return {
      fullName: found(
        await others()
          .where(sql<string>`lower(f_name)`, '=', v.first)
          .where(sql<string>`lower(l_name)`, '=', v.last)
          .executeTakeFirst(),
      ),
      firstName: await namedBy(v.first),
      lastName: await namedBy(v.last),
      phone: v.contact !== '' && found(await others().where('contact_no', '=', v.contact).executeTakeFirst()),
      tin: v.tin !== null && found(await others().where('tin', '=', v.tin).executeTakeFirst()),
      accounts: new Set(sharedAccounts.map((a) => a.account_number)),
    };
  },

  /**
   * SQLite only, after the erasure committed: copies the write-ahead log into the database file
   * and truncates it, so the values the erasure overwrote (zeroed by `secure_delete`, db/connect.ts)
   * are no longer in the WAL either. Answers SQLite's result (busy 1: readers kept it from
   * finishing), or null on PostgreSQL.
   */
  async checkpointWal(db: Kysely<Database>): Promise<{ busy: number; log: number; checkpointed: number } | null> {
    if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return null;
    const { rows } = await sql<{ busy: number; log: number; checkpointed: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    return rows[0] ?? null;
  },
};
