import type { Kysely } from 'kysely';
import { percentToHundredths, withholdingCentavos, type CommissionSummary } from '@ahente/contract/commissions';
import { nextMonth, todayInManila } from '@ahente/contract/dates';
import { centavosToPesos } from '@ahente/contract/money';
import { DEFAULT_WITHHOLDING_RATE } from '@ahente/contract/tax';
import type { Database } from '../../db/schema.ts';
import type { ProfileService } from '../members/profile-service.ts';
import { entriesRepository as entries } from './entries-repository.ts';
import { summaryRepository as summaries } from './summary-repository.ts';

/**
 * A member's commission totals (the dashboard card, Commission Tracking, a statement's "not on this
 * statement") and the agency's earnings of a month (the admin's dashboard and Reports).
 */
export function createCommissionSummaryService(
  db: Kysely<Database>,
  members: Pick<ProfileService, 'requireMember'>,
  options: { now?: () => Date } = {},
) {
  const now = () => options.now?.() ?? new Date();

  /**
   * What a member will receive and has received (decision 019), in centavos, each as brought
   * forward + gross − tax = net. Paid: the statements marked paid. Pending: the statements closed
   * and not yet paid (not carried), a carried balance no statement has brought forward yet, and the
   * payable entries no statement holds yet, whose tax is the close's (withholdingCentavos of each
   * month's positive gross at the member's rate on its last day), estimated now. A late entry of a
   * closed month is posted by the first open month after it, and counted there.
   */
  async function payoutFigures(memberId: number) {
    const { paid, due, waiting } = await summaries.statementSums(db, memberId);
    const unposted = await summaries.unpostedByMonth(db, memberId);
    let openGross = 0;
    let openTax = 0;
    if (unposted.length > 0) {
      const closed = await summaries.closedMonths(db);
      const rates = await summaries.withholdingRates(db, memberId); // newest effective date first
      const byMonth = new Map<string, number>();
      for (const { period, gross } of unposted) {
        let month = period;
        while (closed.has(month)) month = nextMonth(month);
        byMonth.set(month, (byMonth.get(month) ?? 0) + gross);
      }
      for (const [month, gross] of byMonth) {
        const monthEnd = `${nextMonth(month)}-01`;
        const rate = rates.find((r) => r.effective_from < monthEnd)?.rate_hundredths ?? percentToHundredths(DEFAULT_WITHHOLDING_RATE);
        openGross += gross;
        openTax += withholdingCentavos(gross, rate);
      }
    }
    const pending = {
      broughtForward: due.broughtForward + waiting,
      gross: due.gross + openGross,
      tax: due.tax + openTax,
      net: due.net + waiting + openGross - openTax,
    };
    return { paid, pending };
  }

  /**
   * A member's totals (the dashboard card, the page, a statement's "not on this statement"), the
   * member taken as found: `summary` checks it first, a statement's files found it by its statement.
   */
  async function summaryOf(memberId: number): Promise<CommissionSummary> {
    const month = todayInManila(now()).slice(0, 7);
    const s = await entries.summary(db, memberId, `${month}-01`, `${nextMonth(month)}-01`);
    const { paid, pending } = await payoutFigures(memberId);
    return {
      month,
      earned_this_month: centavosToPesos(s.month),
      pending: centavosToPesos(pending.gross),
      pending_brought_forward: centavosToPesos(pending.broughtForward),
      pending_tax: centavosToPesos(pending.tax),
      pending_net: centavosToPesos(pending.net),
      paid_to_date: centavosToPesos(paid.gross),
      paid_brought_forward: centavosToPesos(paid.broughtForward),
      paid_tax: centavosToPesos(paid.tax),
      paid_net: centavosToPesos(paid.net),
      awaiting: centavosToPesos(s.awaiting),
      held: centavosToPesos(s.held),
      forfeited: centavosToPesos(s.forfeited),
    };
  }

  return {
    summaryOf,

    async summary(memberId: number): Promise<CommissionSummary> {
      await members.requireMember(memberId);
      return summaryOf(memberId);
    },

    /**
     * What every member earned in `month` ('YYYY-MM'), in pesos: the sum of each member's
     * 'Earned This Month' (payable entries recorded in the month), for the admin's dashboard.
     */
    async agencyEarned(month: string): Promise<number> {
      return centavosToPesos((await entries.summary(db, null, `${month}-01`, `${nextMonth(month)}-01`)).month);
    },
  };
}

export type CommissionSummaryService = ReturnType<typeof createCommissionSummaryService>;
