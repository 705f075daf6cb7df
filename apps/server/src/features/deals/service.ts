import type { Kysely } from 'kysely';
import type { ActiveProposals } from '@ahente/contract/commissions';
import type { DealRecord, DealsPageResponse, EditDeal, NewDeal, DealsPageInput } from '@ahente/contract/deals';
import { MSG } from '@ahente/contract/messages';
import { centavosToPesos, pesosToCentavos } from '@ahente/contract/money';
import { encodeCursor } from '@ahente/contract/paging';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { nowIso } from '../../platform/tokens.ts';
import type { ProfileService } from '../members/profile-service.ts';
import { dealsRepository, type DealPatch, type DealWithSaleRow, type NewDealRow } from './repository.ts';
import type { Exec } from '../../db/exec.ts';

function toRecord(row: DealWithSaleRow): DealRecord {
  return {
    id: row.id,
    customer_name: row.customer_name,
    tx_type: row.tx_type,
    product: row.product,
    tcv: centavosToPesos(row.tcv_centavos),
    effective_date: row.effective_date,
    createdat: row.createdat,
    deal_status: row.deal_status,
    sales_type: row.sales_type,
    referror: row.referror,
    agent: row.agent,
    sales_group: row.sales_group,
    sold: row.sale_id !== null,
    sale_id: row.sale_id,
    customer_contact: row.customer_contact,
    customer_email: row.customer_email,
    renews_sale_id: row.renews_sale_id,
    insurer: row.insurer,
    source: row.source,
    notes: row.notes,
  };
}

/**
 * Deals. Callers have already checked that the acting session may act for `memberId`
 * (requireSelfOrAdmin); a deal is then reachable only through that member: another member's deal is
 * "not found", the same as an unknown id.
 */
export function createDealsService(db: Kysely<Database>, members: Pick<ProfileService, 'findById'>) {
  async function requireOwned(exec: Exec, memberId: number, dealId: number): Promise<DealWithSaleRow> {
    const row = await dealsRepository.findOwned(exec, memberId, dealId);
    if (!row) throw notFound(MSG.dealNotFound);
    return row;
  }

  return {
    /** getdeals: newest effective date first. */
    async list(memberId: number): Promise<DealRecord[]> {
      return (await dealsRepository.listForMember(db, memberId)).map(toRecord);
    },

    /**
     * dealspage (decision 036): a page of getdeals' list in the From/To range, and the count and
     * Total TCV of the whole range (one aggregate query, not the rows).
     */
    async page(input: DealsPageInput): Promise<DealsPageResponse> {
      const range = { from: input.from, to: input.to };
      // One row more than asked says whether another page follows.
      const rows = await dealsRepository.page(db, input.id, range, input.cursor, input.limit + 1);
      const { count, tcvCentavos } = await dealsRepository.rangeTotals(db, input.id, range);
      const shown = rows.slice(0, input.limit);
      const last = shown.at(-1);
      return {
        rows: shown.map(toRecord),
        next_cursor: rows.length > input.limit && last ? encodeCursor('deals', { date: last.effective_date, id: last.id }) : null,
        count,
        tcv: centavosToPesos(tcvCentavos),
      };
    },

    /** activeproposals: the number and TCV (pesos) of the member's open deals, neither sold nor 'Did not Continue'. */
    async activeProposals(memberId: number): Promise<ActiveProposals> {
      const { count, tcvCentavos } = await dealsRepository.openTotals(db, memberId);
      return { count, tcv: centavosToPesos(tcvCentavos) };
    },

    /** adddeals: a new deal of the member, created now. */
    async add(input: NewDeal): Promise<DealRecord> {
      if (!(await members.findById(input.id))) throw notFound('Member not found');
      const now = nowIso();
      const row = {
        member_id: input.id,
        customer_name: input.customerName,
        tx_type: input.transactionType,
        product: input.product,
        tcv_centavos: pesosToCentavos(input.tcvValue),
        effective_date: input.effectiveDate,
        deal_status: input.dealStatus,
        sales_type: input.salesType,
        referror: input.referror,
        agent: input.agent,
        sales_group: input.salesGroup,
        createdat: now,
        updated_at: now,
        customer_contact: input.customer_contact ?? null,
        customer_email: input.customer_email ?? null,
        renews_sale_id: null,
        insurer: null,
        source: null,
        notes: null,
      };
      const id = await dealsRepository.insert(db, row);
      return toRecord({ ...row, id, sale_id: null });
    },

    /** editdeals: the form's values replace the deal's; a field the form leaves out is kept. */
    async edit({ id: memberId, formData: f }: EditDeal): Promise<DealRecord> {
      return db.transaction().execute(async (trx) => {
        const current = await requireOwned(trx, memberId, f.dealid);
        const patch: DealPatch = {
          customer_name: f.customerName,
          product: f.product,
          tcv_centavos: pesosToCentavos(f.tcv),
          sales_type: f.sales_type,
          referror: f.referror,
          agent: f.agent,
          updated_at: nowIso(),
        };
        // The client's contact and e-mail: replaced when sent ('' clears), kept when left out.
        if (f.customer_contact !== undefined) patch.customer_contact = f.customer_contact;
        if (f.customer_email !== undefined) patch.customer_email = f.customer_email;
        if (f.transactionType) patch.tx_type = f.transactionType;
        if (f.deal_status) patch.deal_status = f.deal_status;
        if (f.sales_group) patch.sales_group = f.sales_group;
        if (f.effectiveDate) patch.effective_date = f.effectiveDate;
        await dealsRepository.update(trx, current.id, patch);
        return toRecord({ ...current, ...patch });
      });
    },

    /**
     * For the portfolio feature (decision 025): the Renewal deal of a policy, written in the
     * caller's transaction. The partial unique index deals_renews_sale_key lets one renewal deal
     * per policy exist: a second insert fails with a unique violation the caller turns into 409.
     */
    async addRenewal(
      exec: Exec,
      deal: Omit<NewDealRow, 'createdat' | 'updated_at' | 'tx_type'> & { renews_sale_id: number },
    ): Promise<number> {
      const now = nowIso();
      return dealsRepository.insert(exec, { ...deal, tx_type: 'Renewal', createdat: now, updated_at: now });
    },

    /**
     * For the proposals feature (decision 038): the deal an accepted proposal creates, written in
     * the caller's transaction (the acceptance's, so that one acceptance makes one deal).
     */
    async addFromProposal(exec: Exec, deal: Omit<NewDealRow, 'createdat' | 'updated_at' | 'renews_sale_id'>): Promise<number> {
      const now = nowIso();
      return dealsRepository.insert(exec, { ...deal, renews_sale_id: null, createdat: now, updated_at: now });
    },

    /** For the E-Store (decision 040): the deal a client's store request creates, in the request's transaction. */
    async addFromStore(exec: Exec, deal: Omit<NewDealRow, 'createdat' | 'updated_at' | 'renews_sale_id'>): Promise<number> {
      const now = nowIso();
      return dealsRepository.insert(exec, { ...deal, renews_sale_id: null, createdat: now, updated_at: now });
    },

    /** The id of the deal that renews this policy (sale), if there is one. */
    async renewalOf(exec: Exec, saleId: number): Promise<number | null> {
      return (await dealsRepository.renewalOf(exec, saleId)) ?? null;
    },

    /**
     * For the sales feature: the member's deal, read inside the caller's transaction, or 404
     * (someone else's deal and an unknown id alike).
     */
    async requireOwned(exec: Exec, memberId: number, dealId: number): Promise<DealRecord> {
      return toRecord(await requireOwned(exec, memberId, dealId));
    },
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
