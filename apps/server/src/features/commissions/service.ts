import type { Kysely, Transaction } from 'kysely';
import {
  commissionCentavos,
  withholdingCentavos,
  prorataCentavos,
  entryBucket,
  hundredthsToPercent,
  LEADER_POSITIONS,
  percentToHundredths,
  signedPesosToCentavos,
  type AdjustmentRecord,
  type BucketTotals,
  type EntryStatus,
  type ClosePeriodResponse,
  type CommissionSummary,
  type LedgerEntry,
  type LedgerResponse,
  type LeaderPosition,
  type PeriodRecord,
  type PeriodState,
  type RateRecord,
  type RateSchedule,
  type RatesResponse,
  type SetRate,
  type StatementRecord,
} from '@ahente/contract/commissions';
import type { adjustmentRequest, forfeitCommissionRequest, ledgerRequest, markPaidRequest } from '@ahente/contract/commissions';
import { holdReason } from '@ahente/contract/licences';
import { DEFAULT_WITHHOLDING_RATE } from '@ahente/contract/tax';
import { categoryOf, PRODUCTS } from '@ahente/contract/catalogue';
import { formatMonth, nextMonth, scheduleAt, todayInManila } from '@ahente/contract/dates';
import { POSITION_LABELS, productLabel } from '@ahente/contract/labels';
import { centavosToPesos } from '@ahente/contract/money';
import { encodeCursor } from '@ahente/contract/paging';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Auth } from '../../platform/sessions.ts';
import type { LicencesService } from '../licences/service.ts';
import { fullName } from '@ahente/contract/names';
import type { ProfileService } from '../members/profile-service.ts';
import type { TeamService } from '../members/team-service.ts';
import type { Notifier } from '../notifications/service.ts';
import { commissionsRepository as repo, type EntryRow, type NewEntry } from './repository.ts';
import { summaryRepository as summaries } from './summary-repository.ts';
import { statementPdf, statementWorkbook, payoutWorkbook, type StatementDocument } from './statement-files.ts';
import type { TaxService } from '../tax/service.ts';

type Exec = Kysely<Database> | Transaction<Database>;

type PeriodRow = Awaited<ReturnType<typeof repo.periods>>[number];

/** A month with no row yet: nothing recorded in it, never closed. */
const EMPTY_PERIOD: Omit<PeriodRow, 'period'> = {
  closed_at: null,
  f_name: null,
  m_name: null,
  l_name: null,
  open_entries: 0,
  open_total: 0,
  statements: 0,
  statements_gross: 0,
  statements_tax: 0,
  statements_to_pay: 0,
  statements_brought_forward: 0,
  statements_net: 0,
  carried_net: 0,
  carried: 0,
  paid: 0,
  unpaid: 0,
};

/** Issue 43 §2: a month closed before its end (Manila time) was closed early; one not closed is running, open (ended) or upcoming. */
function periodState(period: string, closedAt: string | null, current: string): PeriodState {
  if (closedAt !== null) return todayInManila(new Date(closedAt)) < `${nextMonth(period)}-01` ? 'closed_early' : 'closed';
  return period === current ? 'running' : period > current ? 'upcoming' : 'open';
}

/**
 * The 409 of a close of the month still running (issue 43 §2): what closing it early means. The
 * Admin commissions screen's confirmation says the same.
 */
export function stillRunningMessage(period: string): string {
  const month = formatMonth(period);
  return (
    `${month} is still running: it ends on the last day of the month, Manila time. Closing it early posts its open entries now, ` +
    `and the commissions of sales recorded later in ${month} land in the next open month, ${formatMonth(nextMonth(period))}. ` +
    'To close it anyway, send close_early: true.'
  );
}

/**
 * Where an entry stands (decision 018): on a statement it is posted or paid, whatever came after;
 * otherwise a rejected sale or a forfeit means never paid, a hold not released means held, a sale
 * not verified means awaiting, and anything else is open (the next close posts it).
 */
function statusOf(r: EntryRow): EntryStatus {
  if (r.statement_id !== null) return r.paid_on === null ? 'posted' : 'paid';
  if (r.sale_verification === 'rejected') return 'rejected';
  if (r.decision === 'forfeited') return 'forfeited';
  if (r.hold_reason !== null && r.decision === null) return 'held';
  if (r.sale_id !== null && r.sale_verification !== 'verified') return 'awaiting';
  return 'open';
}

/**
 * The customer's name as an entry's earner may see it (decisions 017, 018; issue 42 §5): only the
 * seller sees their client. An entry earned by anyone else never names the customer, whatever its
 * kind (an override, its reversal, an adjustment, a release).
 */
function customerSeenBy<T extends string | null>(entry: { member_id: number; seller_id: number | null }, customer: T): T | null {
  return entry.seller_id !== null && entry.seller_id === entry.member_id ? customer : null;
}

function toEntry(r: EntryRow): LedgerEntry {
  const status = statusOf(r);
  return {
    id: r.id,
    kind: r.kind,
    member_id: r.member_id,
    entry_date: r.entry_date,
    period: r.period,
    amount: centavosToPesos(Number(r.amount_centavos)),
    rate: r.rate_hundredths === null ? null : hundredthsToPercent(r.rate_hundredths),
    base: r.base_centavos === null ? null : centavosToPesos(Number(r.base_centavos)),
    rule: r.rule,
    position: (r.position as LeaderPosition | null) ?? null,
    sale_id: r.sale_id,
    // A leader's override and its reversal name the seller, never the seller's customer (decisions 017, 018).
    customer_name: customerSeenBy(r, r.customer_name),
    product: r.product,
    seller_id: r.seller_id,
    seller_name: r.seller_id === null ? null : fullName({ f_name: r.seller_f_name, m_name: r.seller_m_name, l_name: r.seller_l_name }),
    reason: r.reason,
    status,
    statement_id: r.statement_id,
    created_at: r.created_at,
    hold_reason: r.hold_reason,
    decision: r.decision,
    decided_by_name:
      r.decider_f_name === null ? null : fullName({ f_name: r.decider_f_name, m_name: r.decider_m_name, l_name: r.decider_l_name }),
    decided_at: r.decided_at,
    decision_reason: r.decision_reason,
    rejection_reason: r.sale_verification === 'rejected' ? r.rejection_reason : null,
    reverses_id: r.reverses_id,
    reverses_date: r.reverses_date,
  };
}

/** Pesos of `entries` by what they count as. */
function bucketTotals(entries: LedgerEntry[]): BucketTotals {
  const centavos = { payable: 0, awaiting: 0, held: 0, forfeited: 0 };
  for (const e of entries) centavos[entryBucket(e.status)] += Math.round(e.amount * 100);
  return {
    payable: centavosToPesos(centavos.payable),
    awaiting: centavosToPesos(centavos.awaiting),
    held: centavosToPesos(centavos.held),
    forfeited: centavosToPesos(centavos.forfeited),
  };
}

type StatementRow = Awaited<ReturnType<typeof repo.statementsOfPeriod>>[number];
function toStatement(r: StatementRow, withBank = false): StatementRecord {
  return {
    id: r.id,
    member_id: r.member_id,
    member_name: fullName(r),
    period: r.period,
    brought_forward: centavosToPesos(Number(r.brought_forward_centavos)),
    gross: centavosToPesos(Number(r.gross_centavos)),
    withholding_tax: centavosToPesos(Number(r.withholding_centavos)),
    net: centavosToPesos(Number(r.net_centavos)),
    withholding_rate: hundredthsToPercent(r.withholding_rate_hundredths),
    atc: r.atc,
    carried: Number(r.carried) === 1,
    entry_count: Number(r.entry_count),
    created_at: r.created_at,
    paid_on: r.paid_on,
    paid_reference: r.paid_reference,
    ...(withBank ? { has_bank_details: r.account_number !== null } : {}),
  };
}

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
 * Commissions (issue 12, decision 016): the schedule of rates, the ledger written with each sale,
 * adjustments, closing a month into statements, and paying them.
 */
export function createCommissionsService(
  db: Kysely<Database>,
  members: Pick<ProfileService, 'requireMember' | 'audit'>,
  team: Pick<TeamService, 'leadersIn'>,
  licences: Pick<LicencesService, 'coveredEarners' | 'covers'>,
  tax: Pick<TaxService, 'settingsIn' | 'announceForm2307s'>,
  notifier: Pick<Notifier, 'notify' | 'notifyMany'>,
  options: { agencyName: string; now?: () => Date },
) {
  const now = () => options.now?.() ?? new Date();

  /**
   * The month an entry recorded on `day` belongs to, its row locked (shared) until the
   * transaction ends: the day's month, or when that month is closed already, the first open
   * month after it (an entry is never added to a closed statement, nor lost).
   */
  async function openPeriodFor(trx: Exec, day: string): Promise<string> {
    let period = day.slice(0, 7);
    for (;;) {
      const row = await repo.lockPeriod(trx, period, 'share');
      if (row.closed_at === null) return period;
      period = nextMonth(period);
    }
  }

  function schedules(kind: 'product' | 'override', keys: readonly string[], history: RateRecord[], today: string): RateSchedule[] {
    return keys.map((key) => {
      const mine = history.filter((r) => r.kind === kind && r.key === key); // newest effective date first, then newest set
      const { current, next: nextRate } = scheduleAt(mine, today);
      return {
        key,
        category: kind === 'product' ? (categoryOf(key) ?? null) : null,
        current: current?.rate ?? null,
        current_from: current?.effective_from ?? null,
        next: nextRate?.rate ?? null,
        next_from: nextRate?.effective_from ?? null,
        history: mine,
      };
    });
  }

  async function requireStatementOf(memberId: number, statementId: number): Promise<StatementDocument> {
    const row = await repo.statement(db, statementId);
    if (!row || row.member_id !== memberId) throw notFound('Statement not found');
    const entries = (await repo.statementEntries(db, statementId)).map(toEntry);
    // What is not on it yet: the member's awaiting, held and forfeited amounts, as their summary says.
    const { awaiting, held, forfeited } = await summaryOf(memberId);
    return {
      agencyName: options.agencyName,
      statement: toStatement(row),
      entries,
      notPayable: { awaiting, held, forfeited, asOf: todayInManila(now()) },
    };
  }

  /**
   * What a member will receive and has received (issue 43 §1, decision 019), in centavos, each as
   * brought forward + gross − tax = net. Paid: the statements marked paid. Pending: the statements
   * closed and not yet paid (not carried), a carried balance no statement has brought forward yet,
   * and the payable entries no statement holds yet, whose tax is the close's (withholdingCentavos of
   * each month's positive gross at the member's rate on its last day), estimated now. A late entry
   * of a closed month is posted by the first open month after it, and counted there.
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

  /** A member's totals (the dashboard card, the page, a statement's "not on this statement"). */
  async function summaryOf(memberId: number): Promise<CommissionSummary> {
    const month = todayInManila(now()).slice(0, 7);
    const s = await repo.summary(db, memberId, `${month}-01`, `${nextMonth(month)}-01`);
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

  /**
   * The one decision on a held entry, recorded with who, when and why, and in the earner's
   * history. A second decision, at once or later, is 409 (the decision's primary key is the entry).
   */
  async function decideHeld(
    auth: Auth,
    entryId: number,
    decision: 'released' | 'forfeited',
    reason: string | null,
    check: (trx: Transaction<Database>, entry: NonNullable<Awaited<ReturnType<typeof repo.lockEntry>>>) => Promise<void>,
  ): Promise<LedgerEntry> {
    const at = now().toISOString();
    try {
      await db.transaction().execute(async (trx) => {
        const entry = await repo.lockEntry(trx, entryId);
        if (!entry) throw notFound('Entry not found');
        if (entry.reverses_id !== null) throw conflict(`A reversal follows the entry it reverses: decide entry #${entry.reverses_id}`);
        if (entry.hold_reason === null) throw conflict('This entry is not held');
        if (entry.decision !== null) throw conflict(`This entry was already ${entry.decision}`);
        await check(trx, entry);
        await repo.insertDecision(trx, { entry_id: entry.id, decision, reason, decided_by: auth.memberId, decided_at: at });
        // A held entry's reversal (its sale was cancelled) was written held too: it follows the decision (decision 019).
        const reversal = await repo.reversalOf(trx, entry.id);
        if (reversal !== null) {
          await repo.insertDecision(trx, { entry_id: reversal, decision, reason, decided_by: auth.memberId, decided_at: at });
        }
        if (decision === 'released' && entry.sale_id !== null) {
          // The earner hears of it (decision 026); a leader's override never names the client (decision 017).
          await notifier.notify(trx, entry.member_id, 'commission_released', {
            saleId: entry.sale_id,
            customer: customerSeenBy(entry, entry.customer_name),
            product: productLabel(entry.product ?? ''),
          });
        }
        await members.audit(trx, {
          member_id: entry.member_id,
          actor_id: auth.memberId,
          action: decision === 'released' ? 'commission_released' : 'commission_forfeited',
          changes: [
            { field: 'entry', from: `#${entry.id} held: ${entry.hold_reason}`, to: decision === 'released' ? 'Released' : 'Forfeited' },
            ...(reason ? [{ field: 'reason', from: null, to: reason }] : []),
          ],
          at,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('This entry was already decided');
      throw err;
    }
    const [row] = await repo.entriesByIds(db, [entryId]);
    return toEntry(row!);
  }

  return {
    // ---------------------------------------------------------------- the sale's entries

    /**
     * The entries of a sale, written in the sale's transaction: the agent's product rate of TCV,
     * and each of the nearest Manager, Agency Manager and Agency Owner above the agent their
     * override rate, as the rates and the hierarchy stand on the day the sale is recorded. No
     * rate (or a 0 % rate) earns nothing and writes no entry.
     */
    async recordSale(trx: Transaction<Database>, sale: SoldSale): Promise<void> {
      const at = now();
      const today = todayInManila(at);
      const productRate = (await repo.ratesOn(trx, 'product', [sale.product], today)).get(sale.product);
      const overrideRates = await repo.ratesOn(trx, 'override', LEADER_POSITIONS, today);
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
     * The reversals of a cancelled sale's entries (issue 21, decision 019), written in the
     * cancellation's transaction: each sale and override entry gets one entry of minus its amount ×
     * refund ÷ TCV (half up), same earner, dated the cancellation day, in the first open month from
     * the later of that day's month and the entry's own. Whatever the entry's state, so that every
     * entry and its reversal always count the same way: a posted or paid one is taken back from the
     * next statement; an open one nets on the same statement; one awaiting verification follows its
     * sale (both post once verified, neither if rejected); a held one is written held and follows
     * the decision on it. A forfeited entry is never paid and is not reversed.
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

    // ---------------------------------------------------------------- rates

    async rates(): Promise<RatesResponse> {
      const today = todayInManila(now());
      const history: RateRecord[] = (await repo.allRates(db)).map((r) => ({
        id: r.id,
        kind: r.kind,
        key: r.key,
        rate: hundredthsToPercent(r.rate_hundredths),
        effective_from: r.effective_from,
        created_at: r.created_at,
        created_by_name: r.f_name === null ? null : fullName(r),
      }));
      return {
        as_of: today,
        products: schedules('product', PRODUCTS, history, today),
        overrides: schedules('override', LEADER_POSITIONS, history, today),
      };
    },

    /** A new rate from a date on: today or later, so no sale already recorded is priced again. */
    async setRate(auth: Auth, input: SetRate): Promise<RateRecord> {
      const at = now();
      if (input.effective_from < todayInManila(at)) {
        throw badRequest('Effective from must be today or later: a rate never changes sales already recorded');
      }
      const { id } = await repo.insertRate(db, {
        kind: input.kind,
        key: input.key,
        rate_hundredths: percentToHundredths(input.rate),
        effective_from: input.effective_from,
        created_at: at.toISOString(),
        created_by: auth.memberId,
      });
      const admin = await members.requireMember(auth.memberId);
      return {
        id,
        kind: input.kind,
        key: input.key,
        rate: input.rate,
        effective_from: input.effective_from,
        created_at: at.toISOString(),
        created_by_name: fullName(admin),
      };
    },

    // ---------------------------------------------------------------- ledger

    /**
     * commissionledger: without a limit, every entry of the filter with its totals (as always);
     * with one, a page of them after the cursor, and the totals and count of the whole filter from
     * one aggregate query (decision 036).
     */
    async ledger(input: z.output<typeof ledgerRequest>): Promise<LedgerResponse> {
      await members.requireMember(input.id);
      const filter = { from: input.from, to: input.to, kind: input.kind };
      if (input.limit === undefined) {
        const rows = await repo.ledger(db, input.id, filter);
        const total = rows.reduce((sum, r) => sum + Number(r.amount_centavos), 0);
        const entries = rows.map(toEntry);
        return { entries, total: centavosToPesos(total), totals: bucketTotals(entries) };
      }
      // One entry more than asked says whether another page follows.
      const rows = await repo.ledger(db, input.id, filter, { after: input.cursor, limit: input.limit + 1 });
      const sums = await repo.ledgerTotals(db, input.id, filter);
      const shown = rows.slice(0, input.limit);
      const last = shown.at(-1);
      return {
        entries: shown.map(toEntry),
        total: centavosToPesos(sums.total),
        totals: {
          payable: centavosToPesos(sums.payable),
          awaiting: centavosToPesos(sums.awaiting),
          held: centavosToPesos(sums.held),
          forfeited: centavosToPesos(sums.forfeited),
        },
        next_cursor: rows.length > input.limit && last ? encodeCursor('ledger', { date: last.entry_date, id: last.id }) : null,
        count: sums.count,
      };
    },

    async summary(memberId: number): Promise<CommissionSummary> {
      await members.requireMember(memberId);
      return summaryOf(memberId);
    },

    /**
     * What every member earned in `month` ('YYYY-MM'), in pesos: the sum of each member's
     * 'Earned This Month' (payable entries recorded in the month), for the admin's dashboard.
     */
    async agencyEarned(month: string): Promise<number> {
      return centavosToPesos((await repo.summary(db, null, `${month}-01`, `${nextMonth(month)}-01`)).month);
    },

    // ---------------------------------------------------------------- held entries

    /**
     * releasecommission: a held entry becomes payable (the next close posts it, once its sale is
     * verified) only if its earner now holds a verified licence for one of the product's lines that
     * covered the recording day: a licence verified later but issued before the sale counts.
     */
    releaseHeld(auth: Auth, entryId: number): Promise<LedgerEntry> {
      return decideHeld(auth, entryId, 'released', null, async (trx, entry) => {
        // Separation of duties (issue 42 §8): another administrator releases an admin's own commission.
        if (entry.member_id === auth.memberId) throw forbidden('You may not release your own commission: another administrator decides it');
        if (entry.product === null || !(await licences.covers(trx, entry.member_id, entry.product, entry.entry_date))) {
          throw conflict(
            entry.product === null ? 'This entry has no sale to check a licence against' : holdReason(entry.product, entry.entry_date),
          );
        }
      });
    },

    /** forfeitcommission: a held entry is never paid. */
    forfeitHeld(auth: Auth, input: z.output<typeof forfeitCommissionRequest>): Promise<LedgerEntry> {
      return decideHeld(auth, input.entry_id, 'forfeited', input.reason, async () => undefined);
    },

    // ---------------------------------------------------------------- adjustments

    async addAdjustment(auth: Auth, input: z.output<typeof adjustmentRequest>): Promise<LedgerEntry> {
      await members.requireMember(input.member_id);
      const at = now();
      const today = todayInManila(at);
      const [id] = await db.transaction().execute(async (trx) => {
        const period = await openPeriodFor(trx, today);
        return repo.insertEntries(trx, [
          {
            member_id: input.member_id,
            kind: 'adjustment',
            sale_id: null,
            seller_id: null,
            position: null,
            rule: 'Adjustment',
            rate_hundredths: null,
            base_centavos: null,
            amount_centavos: signedPesosToCentavos(input.amount),
            entry_date: today,
            period,
            reason: input.reason,
            created_by: auth.memberId,
            created_at: at.toISOString(),
            hold_reason: null,
            reverses_id: null,
          },
        ]);
      });
      const [row] = await repo.entriesByIds(db, [id!]);
      return toEntry(row!);
    },

    async adjustments(): Promise<AdjustmentRecord[]> {
      return (await repo.adjustments(db)).map((r) => ({
        ...toEntry(r),
        member_name: fullName({ f_name: r.owner_f_name, m_name: r.owner_m_name, l_name: r.owner_l_name }),
        created_by_name:
          r.admin_f_name === null ? null : fullName({ f_name: r.admin_f_name, m_name: r.admin_m_name, l_name: r.admin_l_name }),
      }));
    },

    // ---------------------------------------------------------------- periods and statements

    /**
     * Every month from the first entry's (or the first sale's) to the current Manila month, newest
     * first, empty ones included (issue 43 §2), and any later month already holding entries; each
     * with its state.
     */
    async periods(): Promise<PeriodRecord[]> {
      const current = todayInManila(now()).slice(0, 7);
      const rows = await repo.periods(db);
      const firstSaleAt = await repo.firstSaleAt(db);
      const firstSale =
        firstSaleAt === null || Number.isNaN(Date.parse(firstSaleAt)) ? [] : [todayInManila(new Date(firstSaleAt)).slice(0, 7)];
      const starts = [...rows.map((r) => r.period), ...firstSale];
      if (starts.length === 0) return [];
      const byPeriod = new Map(rows.map((r) => [r.period, r]));
      const last = rows.length > 0 && rows[0]!.period > current ? rows[0]!.period : current;
      const months: string[] = [];
      for (let m = starts.reduce((a, b) => (b < a ? b : a)); m <= last; m = nextMonth(m)) months.unshift(m);
      return months.map((month) => {
        const p = byPeriod.get(month) ?? { ...EMPTY_PERIOD, period: month };
        return {
          period: p.period,
          state: periodState(p.period, p.closed_at, current),
          closed_at: p.closed_at,
          closed_by_name: p.f_name === null ? null : fullName(p),
          open_total: centavosToPesos(p.open_total),
          open_entries: p.open_entries,
          statements: p.statements,
          statements_gross: centavosToPesos(p.statements_gross),
          statements_tax: centavosToPesos(p.statements_tax),
          statements_to_pay: centavosToPesos(p.statements_to_pay),
          statements_brought_forward: centavosToPesos(p.statements_brought_forward),
          statements_net: centavosToPesos(p.statements_net),
          carried_net: centavosToPesos(p.carried_net),
          carried: p.carried,
          paid: p.paid,
          unpaid: p.unpaid,
        };
      });
    },

    /**
     * Closes a month: its open entries go to one statement per member, all in one transaction
     * that holds the month's row exclusively, so a second close (at the same time or later) finds
     * it closed (409) and a sale being recorded into the month is either in or rolls forward.
     */
    async closePeriod(auth: Auth, period: string, closeEarly = false): Promise<ClosePeriodResponse> {
      const at = now();
      const current = todayInManila(at).slice(0, 7);
      if (period > current) throw badRequest('A month can be closed once it has begun');
      return db.transaction().execute(async (trx) => {
        const row = await repo.lockPeriod(trx, period, 'update');
        if (row.closed_at !== null) throw conflict(`${period} is already closed`);
        // Issue 43 §2: the month still running is closed only on purpose (nothing is written: the
        // transaction, and the row lockPeriod made, roll back).
        if (period === current && !closeEarly) throw conflict(stillRunningMessage(period));
        const months = await repo.monthsPostedBy(trx, period);
        const settings = await tax.settingsIn(trx);
        const posted = await repo.postPeriod(trx, period, months, at.toISOString(), {
          minimumCentavos: settings.minimumCentavos,
          atc5: settings.atc5,
          atc10: settings.atc10,
          defaultRateHundredths: percentToHundredths(DEFAULT_WITHHOLDING_RATE),
        });
        await repo.markPeriodClosed(trx, period, at.toISOString(), auth.memberId);
        // Every earner with a statement of the month hears of it, in two statements however many
        // there are (decision 026); and when this close leaves every month of its quarter closed,
        // the quarter's withholding is final: its payees' BIR Form 2307 is ready.
        await notifier.notifyMany(trx, 'statement_ready', { period }, repo.statementEarners(trx, period), {
          dedupeKey: `statement_ready:${period}`,
        });
        const quarter = await repo.quarterClosedBy(trx, period);
        if (quarter) await tax.announceForm2307s(trx, quarter.year, quarter.quarter);
        return {
          period,
          statements: posted.statements,
          entries: posted.entries,
          gross: centavosToPesos(posted.gross),
          withholding_tax: centavosToPesos(posted.tax),
          to_pay: centavosToPesos(posted.toPay),
          carried: posted.carried,
        };
      });
    },

    async statementsOf(memberId: number): Promise<StatementRecord[]> {
      await members.requireMember(memberId);
      return (await repo.statementsOfMember(db, memberId)).map((r) => toStatement(r));
    },

    async statementsOfPeriod(period: string): Promise<StatementRecord[]> {
      return (await repo.statementsOfPeriod(db, period)).map((r) => toStatement(r, true));
    },

    async markPaid(auth: Auth, input: z.output<typeof markPaidRequest>): Promise<StatementRecord> {
      const at = now();
      if (input.paid_on > todayInManila(at)) throw badRequest('Paid on cannot be a future date');
      await db.transaction().execute(async (trx) => {
        const st = await repo.lockStatement(trx, input.statement_id);
        if (!st) throw notFound('Statement not found');
        if (st.paid_on !== null) throw conflict('This statement is already marked paid');
        if (Number(st.carried) === 1) throw conflict('This statement was carried forward: its balance opens the member’s next statement');
        if (input.paid_on < `${st.period}-01`) throw badRequest('Paid on cannot be before the statement’s month');
        await repo.markPaid(trx, st.id, {
          paid_on: input.paid_on,
          paid_reference: input.reference,
          paid_at: at.toISOString(),
          paid_by: auth.memberId,
        });
        await notifier.notify(trx, st.member_id, 'statement_paid', { period: st.period });
      });
      return toStatement((await repo.statement(db, input.statement_id))!);
    },

    /** A member's statement as a PDF (Buffer), with its file name. */
    async statementPdf(memberId: number, statementId: number) {
      const doc = await requireStatementOf(memberId, statementId);
      return { bytes: await statementPdf(doc), period: doc.statement.period };
    },

    async statementXlsx(memberId: number, statementId: number) {
      const doc = await requireStatementOf(memberId, statementId);
      return { bytes: await statementWorkbook(doc), period: doc.statement.period };
    },

    /**
     * The bank's payout file of a closed month: each unpaid statement with a net to pay (not carried,
     * net above zero), and the member's bank details, or a flag when there are none (the row is kept,
     * never dropped).
     */
    async payoutXlsx(period: string): Promise<{ bytes: Buffer; banksOf: number[] }> {
      const rows = await repo.statementsOfPeriod(db, period);
      if (rows.length === 0) {
        if (!(await repo.isClosed(db, period))) throw notFound(`${period} has no statements: close the month first`);
      }
      const payable = rows.filter((r) => r.paid_on === null && Number(r.carried) === 0 && Number(r.net_centavos) > 0);
      const bytes = await payoutWorkbook(
        options.agencyName,
        period,
        payable.map((r) => ({
          member_id: r.member_id,
          member_name: fullName(r),
          bank_name: r.bank_name,
          account_number: r.account_number,
          account_name: r.account_name,
          amount: centavosToPesos(Number(r.net_centavos)),
        })),
      );
      // The members whose bank account the file holds (their reads are logged, decision 027).
      return { bytes, banksOf: [...new Set(payable.filter((r) => r.account_number !== null).map((r) => r.member_id))] };
    },
  };
}

export type CommissionsService = ReturnType<typeof createCommissionsService>;
