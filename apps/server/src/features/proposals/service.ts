/**
 * The proposals' rules (decision 038), in one service on purpose (over 500 lines): saving and
 * versions, the list, sending, withdrawing, accepting (one deal) and the client's link all change
 * one proposal's status in the same transactions and read the same rows; the tax engine itself is
 * the contract's (proposal-tax.ts), the SQL the repository's, the PDF proposal-pdf.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { categoryOf, type Product } from '@ahente/contract/catalogue';
import { LEADER_POSITIONS } from '@ahente/contract/commissions';
import { addDays, scheduleAt, todayInManila } from '@ahente/contract/dates';
import { centavosToPesos, pesosToCentavos } from '@ahente/contract/money';
import { fullName } from '@ahente/contract/names';
import { encodeCursor } from '@ahente/contract/paging';
import {
  CTPL_TERMS,
  CTPL_VEHICLE_TYPES,
  DEFAULT_CTPL_PREMIUMS,
  DEFAULT_PROPOSAL_RATES,
  PROPOSAL_RATE_KEYS,
  productBreakdown,
  taxLineOf,
  type CtplVehicleType,
  type ProposalRates,
  type TaxLine,
} from '@ahente/contract/proposal-tax';
import {
  DEFAULT_VALIDITY_DAYS,
  MAX_VALIDITY_DAYS,
  PROPOSAL_LINK_PREFIX,
  PROPOSAL_STATUSES,
  PROPOSAL_STATUS_LABELS,
  type AcceptProposalResponse,
  type PublicProposal,
  type CtplPremiumsResponse,
  type ProposalRecord,
  type ProposalRatesRecord,
  type ProposalSettingsResponse,
  type ProposalStatus,
  type ProposalsInput,
  type ProposalsResponse,
  type SaveProposalInput,
  type SaveProposalSettingsInput,
} from '@ahente/contract/proposals';
import type { z } from 'zod';
import { proposalFileName, type saveCtplPremiumRequest } from '@ahente/contract/proposals';
import type { Database, ProposalStoredStatus } from '../../db/schema.ts';
import type { Exec } from '../../db/exec.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isAdmin } from '../../platform/guards.ts';
import type { Auth } from '../../platform/sessions.ts';
import { sha256 } from '../../platform/tokens.ts';
import { pdfWorkerFile, runPdfWorker } from '../../platform/pdf-pool.ts';
import type { ProposalDocument } from './proposal-pdf.ts';
import type { DealsService } from '../deals/service.ts';
import type { ProfileService } from '../members/profile-service.ts';
import type { TeamService } from '../members/team-service.ts';
import type { AuthService } from '../auth/service.ts';
import type { LicencesService } from '../licences/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { proposalsRepository as repo, type OptionRow, type ProposalFilter, type ProposalRow, type VersionRow } from './repository.ts';

export const PROPOSAL_MESSAGES = {
  notFound: 'Proposal not found',
  notYours: 'You may see your own proposals, and those of the members below you if you lead a team',
  memberNotFound: 'Member not found',
  validityPast: 'Valid until must not be before today',
  validityTooFar: `Valid until must be at most ${MAX_VALIDITY_DAYS} days from today`,
  startTooEarly: 'Start date must not be before today',
  unknownInsurer: 'Insurer id names no insurer',
  notChangeable: (status: ProposalStatus) => `A proposal that is ${PROPOSAL_STATUS_LABELS[status].toLowerCase()} cannot be changed`,
  notSendable: (status: ProposalStatus) => `A proposal that is ${PROPOSAL_STATUS_LABELS[status].toLowerCase()} cannot be sent`,
  sendPastValidity: 'Its validity has passed: change Valid until before sending it',
  notWithdrawable: (status: ProposalStatus) => `A proposal that is ${PROPOSAL_STATUS_LABELS[status].toLowerCase()} cannot be withdrawn`,
  notAcceptable: (status: ProposalStatus) => `A proposal that is ${PROPOSAL_STATUS_LABELS[status].toLowerCase()} cannot be accepted`,
  noSuchOption: (n: number) => `This proposal has no option ${n}`,
  acceptedOther: (n: number) => `This proposal was already accepted with option ${n}`,
  notDeclinable: (status: ProposalStatus) => `A proposal that is ${PROPOSAL_STATUS_LABELS[status].toLowerCase()} cannot be declined`,
  gone: 'This proposal is no longer available: ask your agent for a new one',
  tooMany: 'Too many requests from this address: please try again in a few minutes',
} as const;

/** The client's link, per client address: 60 requests in 10 minutes (a page, its reloads and an answer, many times over). */
export const PUBLIC_LINK_LIMIT = { max: 60, windowMs: 10 * 60_000 };

/** Who acts on a proposal: its agent, an administrator, or the client through the link. */
export type Actor = { kind: 'agent' | 'admin'; memberId: number } | { kind: 'client' };

const actorOf = (auth: Auth): Actor => ({ kind: isAdmin(auth) ? 'admin' : 'agent', memberId: auth.memberId });

/** The status read: a sent proposal past its validity is expired (decision 038: never stored). */
export function statusOf(row: Pick<ProposalRow, 'status' | 'valid_until'>, today: string): ProposalStatus {
  return row.status === 'sent' && row.valid_until < today ? 'expired' : row.status;
}

const toPesos = centavosToPesos;
const ratesRecord = (v: Pick<VersionRow, 'dst_bp' | 'vat_bp' | 'lgt_bp' | 'fst_bp' | 'lto_fee_centavos'>): ProposalRatesRecord => ({
  dst: v.dst_bp / 100,
  vat: v.vat_bp / 100,
  lgt: v.lgt_bp / 100,
  fst: v.fst_bp / 100,
  lto_fee: toPesos(v.lto_fee_centavos),
});

export function optionRecord(o: OptionRow) {
  return {
    option: o.position,
    insurer: o.insurer,
    insurer_id: o.insurer_id,
    plan_name: o.plan_name,
    sum_insured: o.sum_insured_centavos === null ? null : toPesos(o.sum_insured_centavos),
    coverages: JSON.parse(o.coverages) as { name: string; limit: string | null }[],
    deductible: o.deductible,
    remarks: o.remarks,
    breakdown: {
      basic_premium: toPesos(o.basic_premium_centavos),
      dst: toPesos(o.dst_centavos),
      vat: toPesos(o.vat_centavos),
      lgt: toPesos(o.lgt_centavos),
      fst: toPesos(o.fst_centavos),
      fees: toPesos(o.fees_centavos),
      amount_due: toPesos(o.amount_due_centavos),
    },
  };
}

/** A Manila day's start as the UTC instant the database's timestamps are written in. */
const manilaDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();

/**
 * Insurance proposals (issue 46, decision 038): quotations with the taxes worked out by the
 * contract's engine, their versions, the client's link and the one deal an acceptance makes.
 */
export function createProposalsService(
  db: Kysely<Database>,
  deps: {
    members: Pick<ProfileService, 'findById'>;
    team: Pick<TeamService, 'leadersIn'>;
    deals: Pick<DealsService, 'addFromProposal'>;
    notifier: Pick<NotificationsService, 'notify'>;
    licences: Pick<LicencesService, 'licenceNumberFor'>;
    auth: Pick<AuthService, 'limitAddress'>;
    agencyName: string;
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());
  const today = () => todayInManila(now());
  const nowIso = () => now().toISOString();

  async function ratesOn(exec: Exec, day: string): Promise<ProposalRates> {
    const history = await repo.rateHistory(exec);
    const rates = { ...DEFAULT_PROPOSAL_RATES };
    for (const key of PROPOSAL_RATE_KEYS) {
      const current = scheduleAt(
        history.filter((r) => r.key === key),
        day,
      ).current;
      if (current) rates[key] = current.value;
    }
    return rates;
  }

  /** The proposal, if the caller may act on it (its agent, or an administrator); anyone else: 404 as for an unknown id. */
  async function requireMine(exec: Exec, auth: Auth, id: number): Promise<ProposalRow> {
    const row = await repo.find(exec, id);
    if (!row || (!isAdmin(auth) && row.member_id !== auth.memberId)) throw notFound(PROPOSAL_MESSAGES.notFound);
    return row;
  }

  async function record(exec: Exec, p: ProposalRow): Promise<ProposalRecord> {
    const v = await repo.version(exec, p.id, p.version);
    if (!v) throw new Error(`Proposal ${p.id} has no version ${p.version}`);
    const [options, events] = await Promise.all([repo.options(exec, v.id), repo.events(exec, p.id)]);
    return {
      id: p.id,
      number: p.number,
      version: p.version,
      member_id: p.member_id,
      status: statusOf(p, today()),
      client: { name: v.client_name, contact: v.client_contact, email: v.client_email },
      product: v.product,
      tax_line: v.tax_line as TaxLine,
      valid_until: v.valid_until,
      start_date: v.start_date,
      notes: v.notes,
      show_contact: p.show_contact === 1,
      rates: ratesRecord(v),
      options: options.map(optionRecord),
      accepted_option: p.accepted_option,
      deal_id: p.deal_id,
      created_at: p.created_at,
      updated_at: p.updated_at,
      sent_at: p.sent_at,
      events: events.map((e) => ({
        action: e.action,
        version: e.version,
        by: e.by_kind,
        by_name: e.by_member_id === null ? null : fullName(e),
        option: e.option,
        reason: e.reason,
        at: e.at,
      })),
    };
  }

  async function event(
    exec: Exec,
    p: Pick<ProposalRow, 'id' | 'version'>,
    action: Parameters<typeof repo.insertEvent>[1]['action'],
    actor: Actor,
    extra: { option?: number; reason?: string | null } = {},
  ) {
    await repo.insertEvent(exec, {
      proposal_id: p.id,
      version: p.version,
      action,
      by_kind: actor.kind,
      by_member_id: actor.kind === 'client' ? null : actor.memberId,
      option: extra.option ?? null,
      reason: extra.reason ?? null,
      at: nowIso(),
    });
  }

  /**
   * Accepts option `option` and creates the deal, in one transaction: the conditional update lets
   * one acceptance through; a repeat (or the loser of a race) finds the proposal accepted and
   * answers the same deal. `open` is what may be accepted: sent (the client), or draft or sent
   * (the agent after a call).
   */
  async function acceptIn(
    trx: Exec,
    p: ProposalRow,
    option: number,
    actor: Actor,
    open: ProposalStoredStatus[],
  ): Promise<{ row: ProposalRow; dealId: number; won: boolean }> {
    const v = await repo.version(trx, p.id, p.version);
    const options = v ? await repo.options(trx, v.id) : [];
    const chosen = options.find((o) => o.position === option);
    if (!v || !chosen) throw badRequest(PROPOSAL_MESSAGES.noSuchOption(option));
    const at = nowIso();
    const day = today();
    const won = await repo.acceptIfOpen(trx, p.id, open, day, {
      accepted_option: option,
      amount_due_centavos: chosen.amount_due_centavos,
      updated_at: at,
    });
    if (!won) {
      const current = (await repo.find(trx, p.id))!;
      if (current.status === 'accepted' && current.deal_id !== null) {
        if (current.accepted_option !== option) throw conflict(PROPOSAL_MESSAGES.acceptedOther(current.accepted_option ?? 0));
        return { row: current, dealId: current.deal_id, won: false };
      }
      throw conflict(PROPOSAL_MESSAGES.notAcceptable(statusOf(current, day)));
    }
    const dealId = await deps.deals.addFromProposal(trx, {
      member_id: p.member_id,
      customer_name: v.client_name,
      customer_contact: v.client_contact,
      customer_email: v.client_email,
      product: v.product,
      tx_type: 'New',
      tcv_centavos: chosen.amount_due_centavos,
      effective_date: v.start_date ?? day,
      deal_status: 'For Application',
      sales_type: 'Direct',
      referror: null,
      agent: null,
      sales_group: categoryOf(v.product) === 'Motor' ? 'CarSalesGroup' : 'MedicalSalesGroup',
      insurer: chosen.insurer,
    });
    await repo.updateProposal(trx, p.id, { deal_id: dealId });
    await event(trx, p, 'accepted', actor, { option });
    return { row: (await repo.find(trx, p.id))!, dealId, won: true };
  }

  /** The proposal a link's token names, if it can still be shown: 404 for any token that names none, 410 once withdrawn or expired. */
  async function byToken(exec: Exec, token: string): Promise<ProposalRow> {
    const p = /^[A-Za-z0-9_-]{43}$/.test(token) ? await repo.findByTokenHash(exec, sha256(token)) : undefined;
    if (!p || p.status === 'draft') throw notFound(PROPOSAL_MESSAGES.notFound);
    const status = statusOf(p, today());
    if (status === 'withdrawn' || status === 'expired') throw new HttpError(410, PROPOSAL_MESSAGES.gone);
    return p;
  }

  /** What the client's page shows (publicProposalResponse): no other member's data, of the agent only what decision 038 lists. */
  async function publicView(exec: Exec, p: ProposalRow): Promise<PublicProposal> {
    const v = (await repo.version(exec, p.id, p.version))!;
    const [options, agent, licence] = await Promise.all([
      repo.options(exec, v.id),
      deps.members.findById(p.member_id),
      deps.licences.licenceNumberFor(exec, p.member_id, v.product, today()),
    ]);
    return {
      agency: deps.agencyName,
      number: p.number,
      version: p.version,
      status: p.status as PublicProposal['status'],
      client_name: v.client_name,
      product: v.product,
      valid_until: v.valid_until,
      options: options.map(optionRecord),
      accepted_option: p.accepted_option,
      agent: {
        name: agent ? fullName(agent) : '',
        licence_number: licence,
        contact: p.show_contact === 1 ? (agent?.contact_no ?? null) : null,
      },
    };
  }

  /** The PDF of what the client's page shows, drawn in the PDF worker threads (platform/pdf-pool.ts). */
  async function pdfOf(view: PublicProposal): Promise<{ bytes: Buffer; fileName: string }> {
    const { status: _status, accepted_option: _accepted, ...document } = view;
    const bytes = await runPdfWorker<ProposalDocument>(pdfWorkerFile(import.meta.url, 'proposal-pdf'), document);
    return { bytes, fileName: proposalFileName(view.number, view.version) };
  }

  const limitLink = (ip: string) =>
    deps.auth.limitAddress('proposal-link', ip, { ...PUBLIC_LINK_LIMIT, message: PROPOSAL_MESSAGES.tooMany });
  const told = (p: ProposalRow) => ({ proposalId: p.id, number: p.number, client: p.client_name });

  return {
    /**
     * GET /api/public/proposal/:token: the client's page. The first time a client opens it, the
     * agent is told (once: the conditional update of first_opened_at lets one request through).
     */
    async openLink(token: string, ip: string): Promise<PublicProposal> {
      await limitLink(ip);
      const row = await db.transaction().execute(async (trx) => {
        const p = await byToken(trx, token);
        if (p.first_opened_at === null && (await repo.markOpened(trx, p.id, nowIso()))) {
          await event(trx, p, 'opened', { kind: 'client' });
          await deps.notifier.notify(trx, p.member_id, 'proposal_opened', told(p), { dedupeKey: `proposal_opened:${p.id}` });
        }
        return p;
      });
      // After the transaction: the agent's name is read outside it (SQLite has one connection).
      return publicView(db, row);
    },

    /** GET …/:token/pdf: the client's copy as a PDF (the same token rules and limit as the page; it does not count as opening it). */
    async linkPdf(token: string, ip: string): Promise<{ bytes: Buffer; fileName: string }> {
      await limitLink(ip);
      return pdfOf(await publicView(db, await byToken(db, token)));
    },

    /** POST …/accept: the client accepts an option of a sent proposal: the agent's one deal, and the agent told. */
    async acceptLink(token: string, option: number, ip: string): Promise<PublicProposal> {
      await limitLink(ip);
      const accepted = await db.transaction().execute(async (trx) => {
        const p = await byToken(trx, token);
        const { row, won } = await acceptIn(trx, p, option, { kind: 'client' }, ['sent']);
        // Told once: by the acceptance that made the deal, not by a repeat or a race's loser.
        if (won) await deps.notifier.notify(trx, p.member_id, 'proposal_accepted', { ...told(p), option });
        return row;
      });
      return publicView(db, accepted);
    },

    /** POST …/decline: the client declines a sent proposal (again: the same answer); the agent told. */
    async declineLink(token: string, reason: string | null, ip: string): Promise<PublicProposal> {
      await limitLink(ip);
      const row = await db.transaction().execute(async (trx) => {
        const p = await byToken(trx, token);
        if (p.status === 'declined') return p;
        if (!(await repo.moveIf(trx, p.id, ['sent'], 'declined', nowIso(), today()))) {
          throw conflict(PROPOSAL_MESSAGES.notDeclinable(statusOf((await repo.find(trx, p.id))!, today())));
        }
        await event(trx, p, 'declined', { kind: 'client' }, { reason });
        await deps.notifier.notify(trx, p.member_id, 'proposal_declined', { ...told(p), reason });
        return (await repo.find(trx, p.id))!;
      });
      return publicView(db, row);
    },

    statusOf: (row: Pick<ProposalRow, 'status' | 'valid_until'>) => statusOf(row, today()),
    ratesOn,
    acceptIn,
    record,
    event,
    today,

    /** saveproposal: a new proposal (v1, draft); a draft changed in place; a sent one's next version (the link shows it). */
    async save(auth: Auth, input: SaveProposalInput): Promise<ProposalRecord> {
      if (!(await deps.members.findById(input.id))) throw notFound(PROPOSAL_MESSAGES.memberNotFound);
      const day = today();
      const validUntil = input.valid_until ?? addDays(day, DEFAULT_VALIDITY_DAYS);
      if (validUntil < day) throw badRequest(PROPOSAL_MESSAGES.validityPast);
      if (validUntil > addDays(day, MAX_VALIDITY_DAYS)) throw badRequest(PROPOSAL_MESSAGES.validityTooFar);
      const insurerIds = [...new Set(input.options.flatMap((o) => (o.insurer_id ? [o.insurer_id] : [])))];
      const product = input.product as Product;
      const line = taxLineOf(product);
      const actor = actorOf(auth);
      return db.transaction().execute(async (trx) => {
        if ((await repo.knownInsurers(trx, insurerIds)) < insurerIds.length) throw badRequest(PROPOSAL_MESSAGES.unknownInsurer);
        const rates = await ratesOn(trx, day);
        const options = input.options.map((o, i) => {
          const b = productBreakdown(pesosToCentavos(o.basic_premium), product, rates);
          return {
            position: i + 1,
            insurer: o.insurer,
            insurer_id: o.insurer_id ?? null,
            plan_name: o.plan_name,
            sum_insured_centavos: o.sum_insured === null || o.sum_insured === undefined ? null : pesosToCentavos(o.sum_insured),
            basic_premium_centavos: b.basic_premium,
            coverages: JSON.stringify(o.coverages),
            deductible: o.deductible,
            remarks: o.remarks,
            dst_centavos: b.dst,
            vat_centavos: b.vat,
            lgt_centavos: b.lgt,
            fst_centavos: b.fst,
            fees_centavos: b.fees,
            amount_due_centavos: b.amount_due,
          };
        });
        const at = nowIso();
        const version = {
          client_name: input.client.name,
          client_contact: input.client.contact ?? null,
          client_email: input.client.email ?? null,
          product,
          tax_line: line,
          valid_until: validUntil,
          start_date: input.start_date,
          notes: input.notes,
          ...rates,
        };
        const head = {
          client_name: input.client.name,
          product,
          valid_until: validUntil,
          amount_due_centavos: options[0]!.amount_due_centavos,
          show_contact: input.show_contact ? 1 : 0,
          updated_at: at,
        };

        if (!input.proposal_id) {
          const id = await repo.insertProposal(trx, {
            member_id: input.id,
            number: `new-${randomBytes(8).toString('hex')}`, // 20 characters, replaced below
            status: 'draft',
            version: 1,
            share_token_hash: null,
            accepted_option: null,
            deal_id: null,
            created_at: at,
            sent_at: null,
            first_opened_at: null,
            ...head,
          });
          await repo.updateProposal(trx, id, { number: `Q-${String(id).padStart(6, '0')}` });
          const versionId = await repo.insertVersion(trx, {
            proposal_id: id,
            version: 1,
            created_at: at,
            created_by: auth.memberId,
            ...version,
          });
          await repo.replaceOptions(trx, versionId, options);
          await event(trx, { id, version: 1 }, 'created', actor);
          return record(trx, (await repo.find(trx, id))!);
        }

        const p = await repo.find(trx, input.proposal_id);
        if (!p || p.member_id !== input.id) throw notFound(PROPOSAL_MESSAGES.notFound);
        if (p.status === 'draft') {
          const v = (await repo.version(trx, p.id, p.version))!;
          await repo.updateVersion(trx, v.id, version);
          await repo.replaceOptions(trx, v.id, options);
          await repo.updateProposal(trx, p.id, head);
          return record(trx, (await repo.find(trx, p.id))!);
        }
        if (p.status !== 'sent') throw conflict(PROPOSAL_MESSAGES.notChangeable(statusOf(p, day)));
        // A sent proposal is not edited: its change is the next version, which the link shows.
        const next = p.version + 1;
        const versionId = await repo.insertVersion(trx, {
          proposal_id: p.id,
          version: next,
          created_at: at,
          created_by: auth.memberId,
          ...version,
        });
        await repo.replaceOptions(trx, versionId, options);
        await repo.updateProposal(trx, p.id, { ...head, version: next });
        await event(trx, { id: p.id, version: next }, 'revised', actor);
        return record(trx, (await repo.find(trx, p.id))!);
      });
    },

    /** proposalpdf: one proposal's latest version as a PDF, its agent's or (any) an administrator's. */
    async pdf(auth: Auth, id: number): Promise<{ bytes: Buffer; fileName: string }> {
      return pdfOf(await publicView(db, await requireMine(db, auth, id)));
    },

    /** proposal: one proposal, its agent's or (any) an administrator's. */
    async get(auth: Auth, id: number): Promise<ProposalRecord> {
      return record(db, await requireMine(db, auth, id));
    },

    /**
     * proposals: a page of a member's proposals, newest first, with the counts per status and the
     * amount due of the filter. The member and administrators see the clients; a Manager, Agency
     * Manager or Agency Owner above the member sees the counts and amounts without them (decision
     * 017); anyone else 403, whether or not the member exists.
     */
    async list(auth: Auth, input: ProposalsInput): Promise<ProposalsResponse> {
      const admin = isAdmin(auth);
      const self = auth.memberId === input.id;
      if (!admin && !self) {
        const caller = await deps.members.findById(auth.memberId);
        const leads = caller !== undefined && (LEADER_POSITIONS as readonly string[]).includes(caller.position);
        const above = leads && (await deps.team.leadersIn(db, input.id)).some((l) => l.id === auth.memberId);
        if (!above) throw forbidden(PROPOSAL_MESSAGES.notYours);
      }
      if (!(await deps.members.findById(input.id)))
        throw admin ? notFound(PROPOSAL_MESSAGES.memberNotFound) : forbidden(PROPOSAL_MESSAGES.notYours);
      const clientsHidden = !admin && !self;
      const day = today();
      const status: ProposalFilter['status'] =
        input.status === undefined
          ? null
          : input.status === 'expired'
            ? { stored: 'sent', expired: true }
            : input.status === 'sent'
              ? { stored: 'sent', expired: false }
              : { stored: input.status };
      const filter: ProposalFilter = {
        memberId: input.id,
        today: day,
        status,
        fromIso: input.from ? manilaDayStart(input.from) : null,
        toIso: input.to ? manilaDayStart(addDays(input.to, 1)) : null,
      };
      const rows = await repo.page(db, filter, input.cursor, input.limit + 1);
      const groups = await repo.totals(db, { ...filter, status: null });
      const counts = Object.fromEntries(PROPOSAL_STATUSES.map((s) => [s, 0])) as Record<ProposalStatus, number>;
      let count = 0;
      let due = 0;
      for (const g of groups) {
        const s: ProposalStatus = g.status === 'sent' && g.past ? 'expired' : g.status;
        counts[s] += g.n;
        if (input.status === undefined || input.status === s) {
          count += g.n;
          due += g.due;
        }
      }
      const shown = rows.slice(0, input.limit);
      const last = shown.at(-1);
      return {
        rows: shown.map((r) => ({
          id: r.id,
          number: r.number,
          version: r.version,
          status: statusOf(r, day),
          client_name: clientsHidden ? null : r.client_name,
          product: r.product,
          valid_until: r.valid_until,
          amount_due: toPesos(r.amount_due_centavos),
          deal_id: r.deal_id,
          created_at: r.created_at,
        })),
        next_cursor: rows.length > input.limit && last ? encodeCursor('proposals', { date: last.created_at, id: last.id }) : null,
        count,
        amount_due: toPesos(due),
        counts,
        clients_hidden: clientsHidden,
      };
    },

    /**
     * sendproposal: a draft or sent proposal within its validity gets a new link (a random 256-bit
     * token, of which only the SHA-256 is kept: a previous link stops working). Answers the token.
     */
    async send(auth: Auth, id: number): Promise<{ token: string; proposal: ProposalRecord }> {
      return db.transaction().execute(async (trx) => {
        const p = await requireMine(trx, auth, id);
        const day = today();
        if (p.status !== 'draft' && p.status !== 'sent') throw conflict(PROPOSAL_MESSAGES.notSendable(statusOf(p, day)));
        if (p.valid_until < day) throw conflict(PROPOSAL_MESSAGES.sendPastValidity);
        const token = randomBytes(32).toString('base64url');
        const at = nowIso();
        await repo.updateProposal(trx, p.id, { status: 'sent', share_token_hash: sha256(token), sent_at: at, updated_at: at });
        await event(trx, p, 'sent', actorOf(auth));
        return { token, proposal: await record(trx, (await repo.find(trx, p.id))!) };
      });
    },

    linkOf: (base: string, token: string) => `${base.replace(/\/+$/, '')}${PROPOSAL_LINK_PREFIX}${token}`,

    /** withdrawproposal: a draft or sent (expired too) proposal is withdrawn; its link answers 410. */
    async withdraw(auth: Auth, input: { proposal_id: number; reason: string | null }): Promise<ProposalRecord> {
      return db.transaction().execute(async (trx) => {
        const p = await requireMine(trx, auth, input.proposal_id);
        if (!(await repo.moveIf(trx, p.id, ['draft', 'sent'], 'withdrawn', nowIso()))) {
          throw conflict(PROPOSAL_MESSAGES.notWithdrawable(statusOf((await repo.find(trx, p.id))!, today())));
        }
        await event(trx, p, 'withdrawn', actorOf(auth), { reason: input.reason });
        return record(trx, (await repo.find(trx, p.id))!);
      });
    },

    /** acceptproposal: the agent (or an administrator) accepts an option for the client: the one deal. */
    async accept(auth: Auth, input: { proposal_id: number; option: number }): Promise<AcceptProposalResponse> {
      return db.transaction().execute(async (trx) => {
        const p = await requireMine(trx, auth, input.proposal_id);
        const { row, dealId } = await acceptIn(trx, p, input.option, actorOf(auth), ['draft', 'sent']);
        return { proposal: await record(trx, row), deal_id: dealId };
      });
    },

    /** proposalsettings: the rates in force today and every rate set. */
    async settings(): Promise<ProposalSettingsResponse> {
      const day = today();
      const rates = await ratesOn(db, day);
      const history = await repo.rateHistory(db);
      const nameOf = { dst_bp: 'dst', vat_bp: 'vat', lgt_bp: 'lgt', fst_bp: 'fst', lto_fee_centavos: 'lto_fee' } as const;
      return {
        rates: ratesRecord(rates),
        history: history.map((r) => ({
          name: nameOf[r.key],
          value: r.key === 'lto_fee_centavos' ? toPesos(r.value) : r.value / 100,
          effective_from: r.effective_from,
          created_at: r.created_at,
          created_by: r.created_by === null ? null : fullName(r),
        })),
      };
    },

    /** saveproposalsettings: each rate given, from its day on (appended: the history is kept). */
    async saveSettings(auth: Auth, input: SaveProposalSettingsInput): Promise<ProposalSettingsResponse> {
      const at = nowIso();
      const given: [keyof ProposalRates, number | undefined][] = [
        ['dst_bp', input.dst],
        ['vat_bp', input.vat],
        ['lgt_bp', input.lgt],
        ['fst_bp', input.fst],
        ['lto_fee_centavos', input.lto_fee === undefined ? undefined : pesosToCentavos(input.lto_fee)],
      ];
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of given) {
          if (value !== undefined)
            await repo.insertRate(trx, { key, value, effective_from: input.effective_from, created_at: at, created_by: auth.memberId });
        }
      });
      return this.settings();
    },

    /** ctplpremiums: the table in force today (the Insurance Commission's until an administrator changes a row) and its history. */
    async ctpl(): Promise<CtplPremiumsResponse> {
      const day = today();
      const history = await repo.ctplHistory(db);
      const rows = CTPL_VEHICLE_TYPES.flatMap(({ key, label }) =>
        CTPL_TERMS.map((years) => {
          const current = scheduleAt(
            history.filter((h) => h.vehicle_type === key && h.years === years),
            day,
          ).current;
          return { vehicle_type: key, label, years, premium: toPesos(current?.premium_centavos ?? DEFAULT_CTPL_PREMIUMS[key][years]) };
        }),
      );
      return {
        rows,
        history: history.map((h) => ({
          vehicle_type: h.vehicle_type as CtplVehicleType,
          years: h.years,
          premium: toPesos(h.premium_centavos),
          effective_from: h.effective_from,
          created_at: h.created_at,
          created_by: h.created_by === null ? null : fullName(h),
        })),
      };
    },

    async saveCtpl(auth: Auth, input: z.output<typeof saveCtplPremiumRequest>): Promise<CtplPremiumsResponse> {
      await repo.insertCtpl(db, {
        vehicle_type: input.vehicle_type,
        years: input.years,
        premium_centavos: pesosToCentavos(input.premium),
        effective_from: input.effective_from,
        created_at: nowIso(),
        created_by: auth.memberId,
      });
      return this.ctpl();
    },
  };
}

export type ProposalsService = ReturnType<typeof createProposalsService>;
