import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { todayInManila } from '@ahente/contract/dates';
import {
  erasedMemberName,
  workingDaysAfter,
  type DecideErasureInput,
  type MyPrivacyRequest,
  type PrivacyQueueItem,
  type PrivacyRequestsResponse,
} from '@ahente/contract/my-data';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Auth } from '../../platform/sessions.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { AuthService } from '../auth/service.ts';
import { sectionNameKey } from '../materials/service.ts';
import { fullName } from '@ahente/contract/names';
import { erasureMentions } from './erasure-mentions.ts';
import { erasedBooksRepository as books } from './erased-books-repository.ts';
import { erasureRepository as repo } from './erasure-repository.ts';
import { privacyRequestsRepository as requests, type PrivacyRequestRow } from './privacy-requests-repository.ts';

export const ERASURE_MESSAGES = {
  wrongPassword: 'Password is incorrect',
  alreadyOpen: 'You already asked to be erased. The data protection officer will answer by the deadline shown.',
  noOpenRequest: 'This member has no open erasure request',
  ownAccount: 'You cannot erase your own account. Another administrator must decide.',
  erasedLogin: 'This account was erased',
} as const;

/** Decided requests stay on the admin's page this long. */
const DECIDED_SHOWN_DAYS = 90;
const DAY_MS = 24 * 3_600_000;

const toRequest = (r: PrivacyRequestRow): MyPrivacyRequest => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  requested_at: r.requested_at,
  due_on: r.due_on,
  decided_at: r.decided_at,
  reason: r.reason,
});

/** The day a stored instant falls on in Manila. */
const manilaDay = (iso: string) => todayInManila(new Date(iso));

/**
 * The last day an erased member's books are kept (decision 027): the books of a year are kept
 * `years` years from the day after that year's filing deadline (the annual return, 15 April of
 * the next year; NIRC s.235 as amended by RA 11976).
 */
export function booksKeptUntil(lastBookDay: string, years: number): string {
  const year = Number(lastBookDay.slice(0, 4));
  return `${year + 1 + years}-04-16`;
}

/**
 * Erasure (decision 027): a member's request confirmed with their password, the admin's decision,
 * the anonymisation an approval performs (in one transaction; the files go once it commits), and
 * the purge of an erased member's books when their retention ends.
 */
export function createErasureService(
  db: Kysely<Database>,
  config: Config,
  deps: { auth: Pick<AuthService, 'checkOwnPassword' | 'forgetThrottles'>; storage: FileStorage; now?: () => Date },
) {
  const { storage } = deps;
  const now = () => deps.now?.() ?? new Date();

  function queueItem(
    r: {
      id: number;
      member_id: number | null;
      f_name: string | null;
      m_name: string | null;
      l_name: string | null;
      username: string | null;
      decider_f_name: string | null;
      decider_m_name: string | null;
      decider_l_name: string | null;
    },
    rest: Omit<PrivacyQueueItem, 'id' | 'member' | 'decided_by' | 'overdue'>,
    today: string,
  ): PrivacyQueueItem {
    const open = rest.decided_at === null;
    return {
      id: r.id,
      member:
        r.member_id !== null && r.username !== null
          ? { id: r.member_id, name: fullName({ f_name: r.f_name, m_name: r.m_name, l_name: r.l_name }), username: r.username }
          : null,
      decided_by:
        r.decider_f_name !== null ? fullName({ f_name: r.decider_f_name, m_name: r.decider_m_name, l_name: r.decider_l_name }) : null,
      overdue: open && today > rest.due_on,
      ...rest,
    };
  }

  return {
    /** requesterasure: one open request at a time; the deadline is 30 working days after the day it is received. */
    async request(memberId: number, password: string): Promise<MyPrivacyRequest> {
      await deps.auth.checkOwnPassword(memberId, password, ERASURE_MESSAGES.wrongPassword);
      const at = now();
      const row = { member_id: memberId, kind: 'erasure' as const, status: 'open' as const, requested_at: at.toISOString() };
      const due_on = workingDaysAfter(todayInManila(at));
      try {
        const id = await db.transaction().execute(async (trx) => {
          if (await requests.lockOpen(trx, memberId)) throw conflict(ERASURE_MESSAGES.alreadyOpen);
          return requests.insertRequest(trx, { ...row, due_on, decided_at: null, decided_by: null, reason: null });
        });
        return toRequest({ id, ...row, due_on, decided_at: null, decided_by: null, reason: null });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(ERASURE_MESSAGES.alreadyOpen);
        throw err;
      }
    },

    /** myprivacy: the member's latest request, or null. */
    async latest(memberId: number): Promise<MyPrivacyRequest | null> {
      const row = await requests.latestOf(db, memberId);
      return row ? toRequest(row) : null;
    },

    /**
     * decideerasure. Refused: the reason is recorded. Approved: the member is anonymised in one
     * transaction (decision 027), and once it commits their files are deleted from storage.
     */
    async decide(admin: Auth, input: DecideErasureInput, log: Pick<FastifyBaseLogger, 'error'>): Promise<MyPrivacyRequest> {
      if (input.member_id === admin.memberId) throw conflict(ERASURE_MESSAGES.ownAccount);
      const at = now().toISOString();
      const reason = input.reason ?? null;
      const { request, files } = await db.transaction().execute(async (trx) => {
        const open = await requests.lockOpen(trx, input.member_id);
        if (!open) throw notFound(ERASURE_MESSAGES.noOpenRequest);
        const patch = { status: input.decision, decided_at: at, decided_by: admin.memberId, reason };
        if (!(await requests.decide(trx, open.id, patch))) throw conflict('This request was decided meanwhile. Reload the page.');
        let files: string[] = [];
        if (input.decision === 'approved') files = await anonymise(trx, input.member_id, at);
        return { request: { ...open, ...patch }, files };
      });
      if (input.decision === 'approved') {
        // SQLite: the overwritten values leave the write-ahead log too (decision 027).
        try {
          const checkpoint = await repo.checkpointWal(db);
          if (checkpoint && checkpoint.busy !== 0) log.error('the WAL could not be checkpointed after an erasure: readers were busy');
        } catch (err) {
          log.error({ err }, 'the WAL could not be checkpointed after an erasure');
        }
      }
      for (const key of files) {
        try {
          await storage.delete(key);
        } catch (err) {
          // The row no longer names it; the start-up sweep of unnamed files removes it (decision 003).
          log.error({ err }, 'an erased member’s file could not be deleted');
        }
      }
      return toRequest(request);
    },

    /** privacyrequests: the open requests oldest first, and those decided in the last 90 days. */
    async queue(): Promise<PrivacyRequestsResponse> {
      const at = now();
      const today = todayInManila(at);
      const since = new Date(at.getTime() - DECIDED_SHOWN_DAYS * DAY_MS).toISOString();
      const erasureItem = (r: Awaited<ReturnType<typeof requests.decidedSince>>[number]) =>
        queueItem(
          r,
          {
            kind: 'erasure',
            title: null,
            received_at: r.requested_at,
            due_on: r.due_on,
            status: r.status,
            decided_at: r.decided_at,
            reason: r.reason,
          },
          today,
        );
      const [open, decided, tickets] = await Promise.all([
        requests.openRequests(db),
        requests.decidedSince(db, since),
        requests.privacyTickets(db, since),
      ]);
      const ticketItems = tickets.map((t) =>
        queueItem(
          t,
          {
            kind: 'ticket',
            title: t.title,
            received_at: t.created_at,
            due_on: workingDaysAfter(manilaDay(t.created_at)),
            status: t.status,
            decided_at: t.closed_at,
            reason: null,
          },
          today,
        ),
      );
      const byReceived = (a: PrivacyQueueItem, b: PrivacyQueueItem) => a.received_at.localeCompare(b.received_at) || a.id - b.id;
      const byDecided = (a: PrivacyQueueItem, b: PrivacyQueueItem) => (b.decided_at ?? '').localeCompare(a.decided_at ?? '') || b.id - a.id;
      return {
        open: [...open.map(erasureItem), ...ticketItems.filter((t) => t.decided_at === null)].sort(byReceived),
        decided: [...decided.map(erasureItem), ...ticketItems.filter((t) => t.decided_at !== null)].sort(byDecided),
        today,
      };
    },

    /**
     * The daily purge of erased members' books whose retention ended (decision 027): kept while a
     * finance ticket of theirs is open (a dispute), then `RETENTION_BOOKS_YEARS` from the day after
     * the filing deadline of the year of their latest entry, statement, sale or withholding rate.
     */
    async purgeExpiredBooks(): Promise<number> {
      const today = todayInManila(now());
      let purged = 0;
      for (const m of await books.erasedWithBooks(db)) {
        if (Number(m.open_disputes ?? 0) > 0) continue;
        const days = [m.last_entry, m.last_period ? `${m.last_period}-01` : null, m.last_sale, m.last_withholding, m.erased_at]
          .filter((d): d is string => typeof d === 'string' && d.length >= 10)
          .map((d) => d.slice(0, 10));
        const last = days.sort().at(-1)!;
        if (today <= booksKeptUntil(last, config.retention.booksYears)) continue;
        await db.transaction().execute((trx) => books.purgeBooks(trx, m.id));
        purged += 1;
      }
      return purged;
    },
  };

  /**
   * The anonymisation (decision 027), in the decision's transaction: every quote of the member
   * (name, username, e-mail, phone, TIN, account and licence numbers) rewritten wherever a row's
   * free text holds it, stored answers that quote them deleted, the audit trail's values blanked, the members
   * row replaced, personal rows deleted, throttles, tickets and unsold deals gone. Answers the
   * storage keys of the files to delete once it commits.
   */
  async function anonymise(trx: Transaction<Database>, id: number, at: string): Promise<string[]> {
    const m = await repo.lockMember(trx, id);
    if (!m) throw notFound('Member not found');
    if (m.erased_at !== null) throw conflict('This member was already erased');
    const name = erasedMemberName(id);
    const files = [m.photo, m.valid_id, ...(await repo.licenceScans(trx, id))].filter((k): k is string => !!k);
    // Every quote of the member in free text, stored answers and throttle keys (decision 027): read
    // what identifies them before their rows are cleared.
    const { accounts, licences } = await repo.accountsAndLicences(trx, id);
    const shared = await repo.sharedValues(trx, id, {
      first: m.f_name.trim().toLowerCase(),
      last: m.l_name.trim().toLowerCase(),
      contact: m.contact_no,
      tin: m.tin,
      accounts,
    });
    const mentions = erasureMentions({ ...m, accounts, licences }, shared, name);
    const quotes = { ...mentions, sectionKey: sectionNameKey };
    for (const entry of await repo.auditTrail(trx, id)) {
      const changes = JSON.parse(entry.changes) as { field: string; from: string | null; to: string | null }[];
      if (changes.some((c) => c.from !== null || c.to !== null)) {
        await repo.setAuditChanges(trx, entry.id, JSON.stringify(changes.map((c) => ({ field: c.field, from: null, to: null }))));
      }
    }
    await deps.auth.forgetThrottles(trx, m);
    await repo.anonymise(trx, id, {
      username: `erased-${id}`,
      email: `erased-${id}@erased.invalid`,
      // No password verifies against this: the member can no longer log in.
      password_hash: '!erased',
      f_name: 'Erased member',
      m_name: null,
      l_name: `#${id}`,
      search_name: name.toLowerCase(),
      contact_no: '',
      updated_at: at,
      erased_at: at,
      deactivated_at: m.deactivated_at ?? at,
    });
    await repo.deleteTickets(trx, id);
    await repo.deleteUnsoldDeals(trx, id);
    // Last, so the rows just deleted are not rewritten first.
    await repo.rewriteQuotes(trx, quotes);
    await repo.deleteQuotingAnswers(trx, id, quotes);
    return files;
  }
}

export type ErasureService = ReturnType<typeof createErasureService>;
