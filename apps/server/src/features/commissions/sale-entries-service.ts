import type { Transaction } from 'kysely';
import { commissionCentavos, prorataCentavos, LEADER_POSITIONS } from '@ahente/contract/commissions';
import { holdReason } from '@ahente/contract/licences';
import { todayInManila } from '@ahente/contract/dates';
import { POSITION_LABELS, productLabel } from '@ahente/contract/labels';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict } from '../../platform/errors.ts';
import type { Auth } from '../../platform/sessions.ts';
import type { LicencesService } from '../licences/service.ts';
import type { TeamService } from '../members/team-service.ts';
import type { Notifier } from '../notifications/service.ts';
import { entriesRepository as repo, type NewEntry } from './entries-repository.ts';
import { customerSeenBy } from './mappers.ts';
import { openPeriodFor } from './periods-service.ts';
import { ratesRepository as rates } from './rates-repository.ts';

/** A cancellation as its reversals need it (sales/service.ts calls reverseSale inside its transaction). */
export interface SaleCancellation {
  sale_id: number;
  tcv_centavos: number;
  refund_centavos: number;
  cancelled_on: string;
  reason: string;
}

/** A sale as its commissions need it (sales/service.ts calls recordSale inside its transaction). */
export interface SoldSale {
  id: number;
  member_id: number;
  product: string;
  tcv_centavos: number;
  /** Named to the seller when their commission is held (decision 026); never to a leader. */
  customer_name: string;
}

/**
 * A sale's commission entries (decisions 016 and 018), written in the sale's own transaction: when
 * it is recorded, and their reversals when it is cancelled (decision 019).
 */
export function createSaleEntriesService(
  deps: {
    team: Pick<TeamService, 'leadersIn'>;
    licences: Pick<LicencesService, 'coveredEarners'>;
    notifier: Pick<Notifier, 'notify'>;
  },
  options: { now?: () => Date } = {},
) {
  const { team, licences, notifier } = deps;
  const now = () => options.now?.() ?? new Date();

  return {
    /**
     * The entries of a sale, written in the sale's transaction: the agent's product rate of TCV,
     * and each of the nearest Manager, Agency Manager and Agency Owner above the agent their
     * override rate, as the rates and the hierarchy stand on the day the sale is recorded. No
     * rate (or a 0 % rate) earns nothing and writes no entry.
     */
    async recordSale(trx: Transaction<Database>, sale: SoldSale): Promise<void> {
      const at = now();
      const today = todayInManila(at);
      const productRate = (await rates.ratesOn(trx, 'product', [sale.product], today)).get(sale.product);
      const overrideRates = await rates.ratesOn(trx, 'override', LEADER_POSITIONS, today);
      const paying = [...overrideRates.values()].some((r) => r > 0);
      if (!productRate && !paying) return;

      const period = await openPeriodFor(trx, today);
      const base = {
        sale_id: sale.id,
        base_centavos: sale.tcv_centavos,
        entry_date: today,
        period,
        reason: null,
        created_by: null,
        created_at: at.toISOString(),
        reverses_id: null,
      };
      const rows: Omit<NewEntry, 'hold_reason'>[] = [];
      if (productRate) {
        rows.push({
          ...base,
          member_id: sale.member_id,
          kind: 'sale',
          seller_id: sale.member_id,
          position: null,
          rule: `Product rate: ${productLabel(sale.product)}`,
          rate_hundredths: productRate,
          amount_centavos: commissionCentavos(sale.tcv_centavos, productRate),
        });
      }
      if (paying) {
        for (const leader of await team.leadersIn(trx, sale.member_id)) {
          const rate = overrideRates.get(leader.position);
          // leadersIn never returns the seller: no override on one's own sale.
          if (!rate) continue;
          rows.push({
            ...base,
            member_id: leader.id,
            kind: 'override',
            seller_id: sale.member_id,
            position: leader.position,
            rule: `${POSITION_LABELS[leader.position]} override`,
            rate_hundredths: rate,
            amount_centavos: commissionCentavos(sale.tcv_centavos, rate),
          });
        }
      }
      // RA 10607 s.307/s.309: no commission, an override included, to anyone without a licence.
      // Each earner's entry is written held unless they hold a verified licence for one of the
      // product's lines covering the recording day, read in the sale's own transaction.
      const licensed = await licences.coveredEarners(trx, [...new Set(rows.map((r) => r.member_id))], sale.product, today);
      const hold = holdReason(sale.product, today);
      await repo.insertEntries(
        trx,
        rows.map((r) => ({ ...r, hold_reason: licensed.has(r.member_id) ? null : hold })),
      );
      // Each earner whose entry is held hears why, in the sale's transaction (decision 026); a
      // leader's override names the product, never the seller's client (decision 017).
      for (const r of rows) {
        if (licensed.has(r.member_id)) continue;
        await notifier.notify(trx, r.member_id, 'commission_held', {
          saleId: sale.id,
          customer: customerSeenBy(r, sale.customer_name),
          product: productLabel(sale.product),
          reason: hold,
        });
      }
    },

    /**
     * The reversals of a cancelled sale's entries (decision 019), written in the cancellation's
     * transaction: each sale and override entry gets one entry of minus its amount × refund ÷ TCV
     * (half up), same earner, dated the cancellation day, in the first open month from the later of
     * that day's month and the entry's own. Whatever the entry's state, so that every entry and its
     * reversal always count the same way: a posted or paid one is taken back from the next
     * statement; an open one nets on the same statement; one awaiting verification follows its sale
     * (both post once verified, neither if rejected); a held one is written held and follows the
     * decision on it. A forfeited entry is never paid and is not reversed.
     */
    async reverseSale(trx: Transaction<Database>, auth: Auth, c: SaleCancellation): Promise<{ count: number; total: number }> {
      const at = now().toISOString();
      const rows: NewEntry[] = [];
      for (const e of await repo.entriesToReverse(trx, c.sale_id)) {
        if (e.decision === 'forfeited') continue;
        const start = e.period > c.cancelled_on.slice(0, 7) ? e.period : c.cancelled_on.slice(0, 7);
        rows.push({
          member_id: e.member_id,
          kind: 'reversal',
          sale_id: c.sale_id,
          seller_id: e.seller_id,
          position: e.position,
          rule: `Reversal of ${e.rule}`.slice(0, 200),
          rate_hundredths: null,
          base_centavos: c.refund_centavos,
          amount_centavos: -prorataCentavos(Number(e.amount_centavos), c.refund_centavos, c.tcv_centavos),
          entry_date: c.cancelled_on,
          period: await openPeriodFor(trx, `${start}-01`),
          reason: c.reason,
          created_by: auth.memberId,
          created_at: at,
          hold_reason: e.hold_reason !== null && e.decision === null ? e.hold_reason : null,
          reverses_id: e.id,
        });
      }
      try {
        await repo.insertEntries(trx, rows);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('This sale’s entries were already reversed');
        throw err;
      }
      return { count: rows.length, total: rows.reduce((sum, r) => sum + r.amount_centavos, 0) };
    },
  };
}

export type SaleEntriesService = ReturnType<typeof createSaleEntriesService>;
