import type { Kysely } from 'kysely';
import writeExcelFile, { type Cell, type Row } from 'write-excel-file/node';
import { LEADER_POSITIONS } from '@ahente/contract/commissions';
import { DATE_EXCEL_FORMAT, addDays, daysUntil, excelCalendarDate, todayInManila } from '@ahente/contract/dates';
import { DEAL_STATUS_LABELS, productLabel } from '@ahente/contract/labels';
import { PESO_EXCEL_FORMAT, centavosToPesos } from '@ahente/contract/money';
import {
  PORTFOLIO_EXPORT_LIMIT,
  POLICY_STATUS_LABELS,
  isRenewable,
  type PolicyRow,
  type PolicyStatus,
  type PolicyStatusCounts,
  type PortfolioResponse,
  type PortfolioScope,
  type PortfolioExportInput,
  type PortfolioInput,
  type StartRenewalInput,
} from '@ahente/contract/portfolio';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError, forbidden, notFound } from '../../platform/errors.ts';
import { isAdmin } from '../../platform/guards.ts';
import type { Auth } from '../../platform/sessions.ts';
import type { DealsService } from '../deals/service.ts';
import { fullName } from '@ahente/contract/names';
import type { ProfileService } from '../members/profile-service.ts';
import { PARTS, portfolioRepository as repo, statusOfPart, type Part, type PolicyDbRow, type PolicyFilter } from './repository.ts';

export const PORTFOLIO_MESSAGES = {
  /** A member the caller neither is, leads nor administers; an unknown id reads the same. */
  notYours: 'You may see your own policies, and those of the members below you if you lead a team',
  teamForLeaders: "A team's policies are for Managers, Agency Managers and Agency Owners",
  memberNotFound: 'Member not found',
  /** Someone else's sale and an unknown id alike (an admin may renew anyone's). */
  policyNotFound: 'Policy not found',
  rejected: 'A rejected sale is not a policy: it cannot be renewed',
  notRenewable: (status: PolicyStatus) =>
    `Only a due or lapsed policy can be renewed: this one is ${POLICY_STATUS_LABELS[status].toLowerCase()}`,
  alreadyRenewing: 'This policy already has its renewal deal',
} as const;

/** Whether the caller sees the clients, or (a leader's view of a downline, decision 017) the pipeline without them. */
interface Access {
  scope: PortfolioScope;
  scopes: PortfolioScope[];
  clientsHidden: boolean;
}

/**
 * The book of business (decision 025): a member's policies (their sales that were not rejected)
 * with their derived status, one page at a time; its export; and the renewal deal of a due or
 * lapsed policy.
 */
export function createPortfolioService(
  db: Kysely<Database>,
  members: Pick<ProfileService, 'findById'>,
  deals: Pick<DealsService, 'addRenewal' | 'renewalOf'>,
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());

  /**
   * Who may see member `id`'s policies, and how: the member themselves and admins with the
   * clients; a Manager, Agency Manager or Agency Owner for any member below them without (decision
   * 017). Anyone else, and any id for someone who is not an admin, is 403 with one text, whether or
   * not the member exists. 'team' (everyone below the member) as the reports' (decision 017): for a
   * member who leads, or for an admin.
   */
  async function access(auth: Auth, id: number, scope: PortfolioScope): Promise<Access> {
    const leads = (m: { position: string } | undefined) => m !== undefined && (LEADER_POSITIONS as readonly string[]).includes(m.position);
    const admin = isAdmin(auth);
    const self = auth.memberId === id;
    const caller = admin || self ? undefined : await members.findById(auth.memberId);
    if (!admin && !self && (!leads(caller) || !(await repo.isBelow(db, auth.memberId, id)))) throw forbidden(PORTFOLIO_MESSAGES.notYours);
    const member = await members.findById(id);
    if (!member) throw admin ? notFound(PORTFOLIO_MESSAGES.memberNotFound) : forbidden(PORTFOLIO_MESSAGES.notYours);
    const scopes: PortfolioScope[] = ['own', ...(admin || leads(member) ? (['team'] as const) : [])];
    if (!scopes.includes(scope)) throw forbidden(PORTFOLIO_MESSAGES.teamForLeaders);
    // The clients are the member's own (decision 017): a leader sees the pipeline without them, in their own team view too.
    return { scope, scopes, clientsHidden: !admin && !(self && scope === 'own') };
  }

  function filterOf(input: PortfolioExportInput, a: Access, today: string): PolicyFilter {
    const q = input.q.replace(/\s+/g, ' ').trim().toLowerCase();
    return {
      scope: { kind: a.scope, memberId: input.id },
      today,
      // The search reads the clients' names and policy numbers: ignored where they are hidden.
      q: a.clientsHidden || q === '' ? null : q,
      dueWithin: input.due_within_days ?? null,
    };
  }

  function toRow(r: PolicyDbRow, today: string, clientsHidden: boolean): PolicyRow {
    return {
      sale_id: r.sale_id,
      member_id: r.member_id,
      agent_name: fullName(r),
      customer_name: clientsHidden ? null : r.customer_name,
      customer_contact: clientsHidden ? null : r.customer_contact,
      customer_email: clientsHidden ? null : r.customer_email,
      policy_number: clientsHidden ? null : r.policy_number,
      product: r.product,
      insurer: r.insurer,
      tcv: centavosToPesos(Number(r.tcv_centavos)),
      effective_date: r.effective_date,
      expiry_date: r.expiry_date,
      days_to_expiry: r.expiry_date === null ? null : daysUntil(r.expiry_date, today),
      status: r.status,
      renewal:
        r.renewal_deal_id === null
          ? null
          : { deal_id: r.renewal_deal_id, deal_status: r.renewal_deal_status!, sale_id: r.renewal_sale_id ?? null },
    };
  }

  /**
   * The rows from `offset` (at most `limit`) of the parts listed, in their order: each part is read
   * on its own, from where the page starts in it (the counts say how many each part holds).
   */
  async function rowsOf(filter: PolicyFilter, parts: readonly Part[], counts: Record<Part, number>, offset: number, limit: number) {
    const rows: PolicyDbRow[] = [];
    let skip = offset;
    for (const part of parts) {
      if (rows.length >= limit) break;
      if (skip >= counts[part]) {
        skip -= counts[part];
        continue;
      }
      rows.push(...(await repo.listPart(db, filter, part, skip, Math.min(limit - rows.length, counts[part] - skip))));
      skip = 0;
    }
    return rows;
  }

  const partsOf = (status: PolicyStatus | undefined) => PARTS.filter((p) => status === undefined || statusOfPart(p) === status);

  function statusCounts(c: Record<Part, number>): PolicyStatusCounts {
    return { 'in force': c['in force'] + c['no term'], due: c.due, lapsed: c.lapsed, renewed: c.renewed, cancelled: c.cancelled };
  }

  return {
    /** portfolio: one page of the policies, the counts per status of the search and expiring filter. */
    async list(auth: Auth, input: PortfolioInput): Promise<PortfolioResponse> {
      const a = await access(auth, input.id, input.scope);
      const today = todayInManila(now());
      const filter = filterOf(input, a, today);
      const counts = await repo.countParts(db, filter);
      const parts = partsOf(input.status);
      const total = parts.reduce((n, p) => n + counts[p], 0);
      const rows = await rowsOf(filter, parts, counts, (input.page - 1) * input.pageSize, input.pageSize);
      return {
        scope: a.scope,
        scopes: a.scopes,
        clients_hidden: a.clientsHidden,
        total,
        page: input.page,
        pageSize: input.pageSize,
        counts: statusCounts(counts),
        rows: rows.map((r) => toRow(r, today, a.clientsHidden)),
      };
    },

    /**
     * portfolioexport: every policy the filters find (at most PORTFOLIO_EXPORT_LIMIT), in the
     * list's order, as a workbook (portfolioWorkbook): the same access and the same hidden clients.
     */
    async exportWorkbook(auth: Auth, input: PortfolioExportInput): Promise<Buffer> {
      const a = await access(auth, input.id, input.scope);
      const today = todayInManila(now());
      const filter = filterOf(input, a, today);
      const counts = await repo.countParts(db, filter);
      const rows = await rowsOf(filter, partsOf(input.status), counts, 0, PORTFOLIO_EXPORT_LIMIT);
      return portfolioWorkbook(
        rows.map((r) => toRow(r, today, a.clientsHidden)),
        { clientsHidden: a.clientsHidden, team: a.scope === 'team' },
      );
    },

    /**
     * startrenewal: the Renewal deal of a due or lapsed policy, for the policy's owner (or an admin
     * acting for them): the same customer, contact, e-mail, product, insurer, TCV, sales type,
     * referror, agent and sales group, status 'For Quotation', effective the day after the
     * policy's expiry, linked by renews_sale_id. One per policy: the unique index decides between
     * two calls at once, and the loser is told the winner's deal (409 with its id).
     */
    async startRenewal(auth: Auth, input: StartRenewalInput): Promise<{ deal_id: number }> {
      const today = todayInManila(now());
      const exists = (dealId: number) => new HttpError(409, PORTFOLIO_MESSAGES.alreadyRenewing, { deal_id: dealId });
      try {
        return await db.transaction().execute(async (trx) => {
          const p = await repo.lockPolicy(trx, input.sale_id, today);
          if (!p || (p.member_id !== auth.memberId && !isAdmin(auth))) throw notFound(PORTFOLIO_MESSAGES.policyNotFound);
          if (p.verification === 'rejected') throw new HttpError(409, PORTFOLIO_MESSAGES.rejected);
          const existing = await deals.renewalOf(trx, p.id);
          if (existing !== null) throw exists(existing);
          if (!isRenewable(p.status) || p.expiry_date === null) throw new HttpError(409, PORTFOLIO_MESSAGES.notRenewable(p.status));
          const dealId = await deals.addRenewal(trx, {
            member_id: p.member_id,
            customer_name: p.customer_name,
            customer_contact: p.customer_contact,
            customer_email: p.customer_email,
            product: p.product,
            insurer: p.insurer,
            tcv_centavos: Number(p.tcv_centavos),
            effective_date: addDays(p.expiry_date, 1),
            deal_status: 'For Quotation',
            sales_type: p.sales_type,
            referror: p.referror,
            agent: p.agent,
            sales_group: p.sales_group,
            renews_sale_id: p.id,
          });
          return { deal_id: dealId };
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // Another call made the renewal deal between our check and our insert.
        const existing = await deals.renewalOf(db, input.sale_id);
        if (existing === null) throw err;
        throw exists(existing);
      }
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });

/** A calendar date as a real date cell (decisions 023 and 005: as the Sales export writes them); empty when there is none. */
function dateCell(day: string | null): Cell {
  const date = excelCalendarDate(day);
  return date === null ? day : { value: date, type: Date, format: DATE_EXCEL_FORMAT };
}

/** What the Renewal column says: the renewal deal and its status, or its sale once sold. */
export function renewalText(renewal: PolicyRow['renewal']): string | null {
  if (!renewal) return null;
  return renewal.sale_id !== null ? `Sale #${renewal.sale_id}` : `Deal #${renewal.deal_id} (${DEAL_STATUS_LABELS[renewal.deal_status]})`;
}

/**
 * The Portfolio as a workbook, one sheet 'Portfolio': a header row of labels, then a policy per row
 * in the list's order; the premium a number in pesos with the peso format, dates as date cells
 * (yyyy-mm-dd, decision 023), product and status as their labels. The agent's column only for a
 * team; no client column (customer, contact, e-mail, policy number) where the clients are hidden.
 */
export function portfolioWorkbook(rows: readonly PolicyRow[], options: { clientsHidden: boolean; team: boolean }): Promise<Buffer> {
  const columns: { label: string; width: number; cell: (r: PolicyRow) => Cell; show: boolean }[] = [
    { label: 'Agent', width: 24, cell: (r) => r.agent_name, show: options.team },
    { label: 'Customer', width: 28, cell: (r) => r.customer_name, show: !options.clientsHidden },
    { label: 'Contact', width: 14, cell: (r) => r.customer_contact, show: !options.clientsHidden },
    { label: 'Email', width: 26, cell: (r) => r.customer_email, show: !options.clientsHidden },
    { label: 'Policy Number', width: 18, cell: (r) => r.policy_number, show: !options.clientsHidden },
    { label: 'Product', width: 24, cell: (r) => productLabel(r.product), show: true },
    { label: 'Insurer', width: 20, cell: (r) => r.insurer, show: true },
    { label: 'Premium (TCV)', width: 16, cell: (r) => ({ value: r.tcv, type: Number, format: PESO_EXCEL_FORMAT }), show: true },
    { label: 'Effective Date', width: 13, cell: (r) => dateCell(r.effective_date), show: true },
    { label: 'Expiry Date', width: 13, cell: (r) => dateCell(r.expiry_date), show: true },
    {
      label: 'Days to Expiry',
      width: 13,
      cell: (r) => (r.days_to_expiry === null ? null : { value: r.days_to_expiry, type: Number }),
      show: true,
    },
    { label: 'Status', width: 11, cell: (r) => POLICY_STATUS_LABELS[r.status], show: true },
    { label: 'Renewal', width: 28, cell: (r) => renewalText(r.renewal), show: true },
  ];
  const shown = columns.filter((c) => c.show);
  const data: Row[] = [shown.map((c) => bold(c.label)), ...rows.map((r): Row => shown.map((c) => c.cell(r)))];
  return writeExcelFile(data, { sheet: 'Portfolio', stickyRowsCount: 1, columns: shown.map((c) => ({ width: c.width })) }).toBuffer();
}
