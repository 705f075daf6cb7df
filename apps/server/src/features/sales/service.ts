import type { Kysely } from 'kysely';
import { MSG } from '@ahente/contract/messages';
import { formatDay, todayInManila } from '@ahente/contract/dates';
import { productLabel } from '@ahente/contract/labels';
import { centavosToPesos, formatPeso, pesosToCentavos } from '@ahente/contract/money';
import { encodeCursor } from '@ahente/contract/paging';
import {
  SALES_TO_VERIFY_LIMIT,
  type AddSale,
  type CancelSaleResponse,
  type CancelSaleInput,
  type SaleRecord,
  type SalesPageResponse,
  type SalesPageInput,
  type SalesToVerifyResponse,
  type SalesToVerifyInput,
  type VerifySalesResponse,
  type VerifySalesInput,
} from '@ahente/contract/sales';
import type { Database } from '../../db/schema.ts';
import type { Exec } from '../../db/exec.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Auth } from '../../platform/sessions.ts';
import { nowIso } from '../../platform/tokens.ts';
import type { SaleEntriesService } from '../commissions/sale-entries-service.ts';
import type { DealsService } from '../deals/service.ts';
import { fullName } from '@ahente/contract/names';
import type { Notifier } from '../notifications/service.ts';
import { salesRepository, type SaleRow, type SaleWithVerifierRow } from './repository.ts';
import { policyKey } from '../../lib/insurer-keys.ts';
import { resolveInsurer } from '../insurers/service.ts';

type VerifierNames = Pick<
  SaleWithVerifierRow,
  'verifier_f_name' | 'verifier_m_name' | 'verifier_l_name' | 'canceller_f_name' | 'canceller_m_name' | 'canceller_l_name'
>;
const NO_VERIFIER: VerifierNames = {
  verifier_f_name: null,
  verifier_m_name: null,
  verifier_l_name: null,
  canceller_f_name: null,
  canceller_m_name: null,
  canceller_l_name: null,
};

/** "#3, #7 and #9": sales named in a message. */
const saleList = (ids: number[]) => {
  const named = ids.map((id) => `#${id}`);
  return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
};

export const VERIFY_MESSAGES = {
  notFound: (ids: number[]) => `Sale${ids.length > 1 ? 's' : ''} not found: ${saleList(ids)}`,
  own: (ids: number[]) => `You may not verify your own sale${ids.length > 1 ? 's' : ''}: ${saleList(ids)}`,
  entered: (ids: number[]) =>
    `You may not verify ${ids.length > 1 ? 'sales' : 'a sale'} you entered: ${saleList(ids)}. Another administrator decides ${ids.length > 1 ? 'them' : 'it'}`,
  paysYou: (ids: number[]) =>
    `You may not verify ${ids.length > 1 ? 'sales that pay' : 'a sale that pays'} you a commission: ${saleList(ids)}. Another administrator decides ${ids.length > 1 ? 'them' : 'it'}`,
  decided: (ids: number[]) => `Already decided, nothing was changed: sale${ids.length > 1 ? 's' : ''} ${saleList(ids)}`,
} as const;

function toRecord(
  row: SaleRow & Partial<Pick<SaleWithVerifierRow, 'vf_import_id' | 'vf_period' | 'vf_insurer' | 'vf_row_no'>>,
  verifier: VerifierNames = NO_VERIFIER,
): SaleRecord {
  return {
    id: row.id,
    deal_id: row.deal_id,
    customer_name: row.customer_name,
    tx_type: row.tx_type,
    product: row.product,
    tcv: centavosToPesos(row.tcv_centavos),
    policy_number: row.policy_number,
    insurer: row.insurer,
    plan_name: row.plan_name,
    effective_date: row.effective_date,
    sales_type: row.sales_type,
    referror: row.referror,
    agent: row.agent,
    sales_group: row.sales_group,
    createdat: row.createdat,
    verification: row.verification,
    verified_at: row.verified_at,
    verified_by_name:
      verifier.verifier_f_name === null
        ? null
        : fullName({ f_name: verifier.verifier_f_name, m_name: verifier.verifier_m_name, l_name: verifier.verifier_l_name }),
    rejection_reason: row.rejection_reason,
    cancelled_on: row.cancelled_on,
    cancel_reason: row.cancel_reason,
    expiry_date: row.expiry_date,
    customer_contact: row.customer_contact,
    customer_email: row.customer_email,
    renews_sale_id: row.renews_sale_id,
    refund: row.refund_centavos === null ? null : centavosToPesos(Number(row.refund_centavos)),
    cancelled_by_name:
      verifier.canceller_f_name === null
        ? null
        : fullName({ f_name: verifier.canceller_f_name, m_name: verifier.canceller_m_name, l_name: verifier.canceller_l_name }),
    cancelled_at: row.cancelled_at,
    verified_from:
      row.vf_import_id === null || row.vf_import_id === undefined
        ? null
        : { import_id: row.vf_import_id, insurer: row.vf_insurer ?? '', period: row.vf_period ?? '', row_no: row.vf_row_no ?? 0 },
  };
}

/**
 * Sales, each made from one deal of the same member (decision 005). Callers have already checked
 * that the session may act for the member (requireSelfOrAdmin).
 */
export function createSalesService(
  db: Kysely<Database>,
  deals: Pick<DealsService, 'requireOwned'>,
  commissions: Pick<SaleEntriesService, 'recordSale' | 'reverseSale'>,
  notifier: Pick<Notifier, 'notify'>,
  options: { now?: () => Date } = {},
) {
  const now = () => options.now?.() ?? new Date();
  return {
    /** getsales: newest effective date first. */
    async list(memberId: number): Promise<SaleRecord[]> {
      return (await salesRepository.listForMember(db, memberId)).map((r) => toRecord(r, r));
    },

    /**
     * salespage (decision 036): a page of getsales' list in the From/To range, and over the whole
     * range the count of rows and the screen's totals (counted sales and their TCV), in one aggregate query.
     */
    async page(input: SalesPageInput): Promise<SalesPageResponse> {
      const range = { from: input.from, to: input.to };
      // One row more than asked says whether another page follows.
      const rows = await salesRepository.page(db, input.id, range, input.cursor, input.limit + 1);
      const totals = await salesRepository.rangeTotals(db, input.id, range);
      const shown = rows.slice(0, input.limit);
      const last = shown.at(-1);
      return {
        rows: shown.map((r) => toRecord(r, r)),
        next_cursor: rows.length > input.limit && last ? encodeCursor('sales', { date: last.effective_date, id: last.id }) : null,
        count: totals.count,
        counted: totals.counted,
        tcv: centavosToPesos(totals.tcvCentavos),
      };
    },

    /**
     * salestoverify: unverified sales across the agency, largest TCV first (at most
     * SALES_TO_VERIFY_LIMIT), and the totals of them all; an admin's own sales are left out of
     * their list (another admin verifies them).
     */
    /** How many sales `auth`'s Sales to verify lists with no filter (the administrator's queues, decision 021): the same query, counted. */
    async toVerifyCount(auth: Auth): Promise<number> {
      const filter = { insurer: null, product: null, agent: null, from: null, to: null, excludeMember: auth.memberId };
      return (await salesRepository.toVerifyTotals(db, filter)).count;
    },

    async toVerify(auth: Auth, input: SalesToVerifyInput): Promise<SalesToVerifyResponse> {
      const filter = {
        ...input,
        agent: input.agent ? input.agent.replace(/\s+/g, ' ').trim().toLowerCase() : null,
        excludeMember: auth.memberId,
      };
      const [rows, totals, insurers] = await Promise.all([
        salesRepository.toVerify(db, filter, SALES_TO_VERIFY_LIMIT),
        salesRepository.toVerifyTotals(db, filter),
        salesRepository.insurersToVerify(db),
      ]);
      return {
        sales: rows.map((r) => ({
          ...toRecord(r),
          member_id: r.member_id,
          agent_name: fullName(r),
          statement_paid: Boolean(r.statement_paid),
        })),
        count: totals.count,
        tcv: centavosToPesos(totals.tcv),
        insurers,
      };
    },

    /**
     * verifysales: each sale is decided once, all or nothing: an unknown sale is 404, one of the
     * admin's own, one they entered or one paying them a commission 403 (separation of duties,
     * decision 018), one decided already 409, each naming the sales, and nothing is changed. The
     * rows are locked (PostgreSQL) so two admins deciding the same sale at once are decided one
     * after the other: the second is told it is decided.
     */
    async verify(auth: Auth, input: VerifySalesInput): Promise<VerifySalesResponse> {
      const at = nowIso();
      return db.transaction().execute(async (trx) => {
        const rows = await salesRepository.lockForDecision(trx, input.sale_ids);
        const found = new Set(rows.map((r) => r.id));
        const missing = input.sale_ids.filter((id) => !found.has(id));
        if (missing.length) throw notFound(VERIFY_MESSAGES.notFound(missing));
        const own = rows.filter((r) => r.member_id === auth.memberId).map((r) => r.id);
        if (own.length) throw forbidden(VERIFY_MESSAGES.own(own));
        // Separation of duties (decision 018): not a sale the admin entered, nor one that pays them.
        const entered = rows.filter((r) => r.entered_by === auth.memberId).map((r) => r.id);
        if (entered.length) throw forbidden(VERIFY_MESSAGES.entered(entered));
        const paying = await salesRepository.payingTo(trx, input.sale_ids, auth.memberId);
        if (paying.length) throw forbidden(VERIFY_MESSAGES.paysYou(paying));
        const decided = rows.filter((r) => r.verification !== 'unverified').map((r) => r.id);
        if (decided.length) throw conflict(VERIFY_MESSAGES.decided(decided));
        const count = await salesRepository.decide(trx, input.sale_ids, {
          verification: input.decision,
          verified_by: auth.memberId,
          verified_at: at,
          rejection_reason: input.decision === 'rejected' ? input.reason : null,
        });
        if (count !== rows.length) throw conflict(VERIFY_MESSAGES.decided(input.sale_ids));
        // A rejected renewal renews nothing (decision 025).
        if (input.decision === 'rejected') await salesRepository.unlinkRenewals(trx, input.sale_ids);
        // Each sale's agent hears of the decision, in its transaction (decision 026).
        for (const r of rows) {
          const sale = { saleId: r.id, customer: r.customer_name, product: productLabel(r.product) };
          if (input.decision === 'verified') await notifier.notify(trx, r.member_id, 'sale_verified', sale);
          else await notifier.notify(trx, r.member_id, 'sale_rejected', { ...sale, reason: input.reason ?? '' });
        }
        return {
          decision: input.decision,
          count,
          tcv: centavosToPesos(rows.reduce((sum, r) => sum + Number(r.tcv_centavos), 0)),
        };
      });
    },

    /**
     * Verification from an insurer's statement (decision 037), inside the caller's transaction:
     * the sales are locked in id order (PostgreSQL), and decision 018's separation of duties stands per sale: one of
     * the admin's own, one they entered or one paying them a commission is skipped with its reason
     * (another administrator verifies it), one decided meanwhile is left out. Each verified sale's
     * agent hears of it, as with verifysales.
     */
    async verifyFromEvidence(
      trx: Exec,
      auth: Auth,
      saleIds: readonly number[],
      at: string,
    ): Promise<{ verified: { id: number; tcv_centavos: number }[]; skipped: { id: number; reason: string }[] }> {
      const skipped: { id: number; reason: string }[] = [];
      const rows: Awaited<ReturnType<typeof salesRepository.lockForDecision>> = [];
      for (let i = 0; i < saleIds.length; i += 1000) rows.push(...(await salesRepository.lockForDecision(trx, saleIds.slice(i, i + 1000))));
      const paying = new Set<number>();
      for (let i = 0; i < saleIds.length; i += 1000) {
        for (const id of await salesRepository.payingTo(trx, saleIds.slice(i, i + 1000), auth.memberId)) paying.add(id);
      }
      const candidates = [];
      for (const r of rows) {
        if (r.verification !== 'unverified') continue;
        if (r.member_id === auth.memberId) skipped.push({ id: r.id, reason: VERIFY_MESSAGES.own([r.id]) });
        else if (r.entered_by === auth.memberId) skipped.push({ id: r.id, reason: VERIFY_MESSAGES.entered([r.id]) });
        else if (paying.has(r.id)) skipped.push({ id: r.id, reason: VERIFY_MESSAGES.paysYou([r.id]) });
        else candidates.push(r);
      }
      const done = new Set(
        await salesRepository.verifyReturning(
          trx,
          candidates.map((r) => r.id),
          auth.memberId,
          at,
        ),
      );
      const verified = candidates.filter((r) => done.has(r.id));
      for (const r of verified) {
        await notifier.notify(trx, r.member_id, 'sale_verified', {
          saleId: r.id,
          customer: r.customer_name,
          product: productLabel(r.product),
        });
      }
      return { verified: verified.map((r) => ({ id: r.id, tcv_centavos: Number(r.tcv_centavos) })), skipped };
    },

    /**
     * An undone statement import takes back its verifications (decision 037): the sales back to
     * unverified, their commission entries back to awaiting verification. Refused (409) once a
     * sale's entry has been posted by a month's close: a statement is history (decision 016).
     */
    async undoVerification(trx: Exec, saleIds: readonly number[]): Promise<number> {
      const posted: number[] = [];
      for (let i = 0; i < saleIds.length; i += 1000) posted.push(...(await salesRepository.postedOf(trx, saleIds.slice(i, i + 1000))));
      if (posted.length) {
        throw conflict(
          `The import cannot be undone: a sale it verified has been posted by a month's close (${saleList(posted.slice(0, 10))}${posted.length > 10 ? ' and more' : ''})`,
        );
      }
      return salesRepository.unverify(trx, saleIds);
    },

    /**
     * cancelsale (decision 019): the cancellation is written once on the sale, and in the same
     * transaction each of its commission entries gets its reversal (commissions.reverseSale). The
     * sale's row is locked (PostgreSQL) and the update only applies to a sale not cancelled, so of
     * two cancellations at once exactly one reverses; the other is 409.
     */
    async cancel(auth: Auth, input: CancelSaleInput): Promise<CancelSaleResponse> {
      const at = now();
      if (input.cancelled_on > todayInManila(at)) throw badRequest('Cancelled on cannot be a future date');
      const reversed = await db.transaction().execute(async (trx) => {
        const sale = await salesRepository.lockForCancel(trx, input.sale_id);
        if (!sale) throw notFound('Sale not found');
        if (sale.verification === 'rejected') throw conflict('A rejected sale cannot be cancelled: it was never counted or paid');
        if (sale.cancelled_on !== null) throw conflict(`This sale was already cancelled on ${formatDay(sale.cancelled_on)}`);
        const tcv = Number(sale.tcv_centavos);
        const refund = input.refund === null ? tcv : pesosToCentavos(input.refund);
        if (refund > tcv) throw badRequest(`Refund must not be more than the TCV (${formatPeso(centavosToPesos(tcv))})`);
        const cancelled = await salesRepository.cancel(trx, sale.id, {
          cancelled_on: input.cancelled_on,
          cancel_reason: input.reason,
          refund_centavos: refund,
          cancelled_by: auth.memberId,
          cancelled_at: at.toISOString(),
        });
        if (!cancelled) throw conflict('This sale was already cancelled');
        // A cancelled renewal renews nothing (decision 025).
        await salesRepository.unlinkRenewals(trx, [sale.id]);
        return commissions.reverseSale(trx, auth, {
          sale_id: sale.id,
          tcv_centavos: tcv,
          refund_centavos: refund,
          cancelled_on: input.cancelled_on,
          reason: input.reason,
        });
      });
      const row = (await salesRepository.byId(db, input.sale_id))!;
      return { sale: toRecord(row, row), reversals: reversed.count, reversed: centavosToPesos(reversed.total) };
    },

    /**
     * addsales: the sale of one of the member's deals and its commission entries (decision 016),
     * in one transaction, recording who entered it (`enteredBy`: the agent, or an admin for them;
     * decision 018: that admin may not verify it). A deal is sold once: a second try is 409, and
     * under two simultaneous requests the unique index on deal_id lets exactly one through.
     */
    async add({ id: memberId, formData: f }: AddSale, enteredBy: number = memberId): Promise<SaleRecord> {
      try {
        return await db.transaction().execute(async (trx) => {
          const deal = await deals.requireOwned(trx, memberId, f.dealid);
          if (deal.sold) throw conflict(MSG.dealAlreadySold);
          const row = {
            member_id: memberId,
            deal_id: deal.id,
            customer_name: f.customerName,
            tx_type: f.transactionType ?? deal.tx_type,
            product: f.product,
            tcv_centavos: pesosToCentavos(f.tcv),
            policy_number: f.policy,
            insurer: f.insurer,
            plan_name: f.planName,
            sales_type: f.sales_type,
            referror: f.referror,
            agent: f.agent,
            sales_group: f.sales_group ?? deal.sales_group,
            effective_date: f.effectiveDate,
            createdat: nowIso(),
            verification: 'unverified' as const,
            verified_by: null,
            verified_at: null,
            rejection_reason: null,
            cancelled_on: null,
            cancel_reason: null,
            refund_centavos: null,
            cancelled_by: null,
            cancelled_at: null,
            entered_by: enteredBy,
            // The policy's term and the client's contact (decision 025); a renewal deal's link goes with its sale.
            expiry_date: f.expiry_date,
            // Left out of the form (the spec's client), the deal's contact and e-mail carry over.
            customer_contact: f.customer_contact === undefined ? deal.customer_contact : f.customer_contact,
            customer_email: f.customer_email === undefined ? deal.customer_email : f.customer_email,
            renews_sale_id: deal.renews_sale_id,
            renewed_by_sale_id: null,
            // The insurer the text names, by its name or an alias (decision 037); null while it names none.
            insurer_id: await resolveInsurer(trx, f.insurer),
            policy_key: f.policy === null ? null : policyKey(f.policy),
          };
          const id = await salesRepository.insert(trx, row);
          // A renewal sale renews its policy (decision 025): the link the policy's status reads.
          if (row.renews_sale_id !== null) await salesRepository.linkRenewal(trx, row.renews_sale_id, id);
          await commissions.recordSale(trx, {
            id,
            member_id: memberId,
            product: row.product,
            tcv_centavos: row.tcv_centavos,
            customer_name: row.customer_name,
          });
          return toRecord({ ...row, id });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MSG.dealAlreadySold);
        throw err;
      }
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
