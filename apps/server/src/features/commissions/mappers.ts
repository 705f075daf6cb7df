import {
  entryBucket,
  hundredthsToPercent,
  type BucketTotals,
  type EntryStatus,
  type LedgerEntry,
  type PeriodRecord,
  type PeriodState,
  type RateRecord,
  type StatementRecord,
} from '@ahente/contract/commissions';
import { nextMonth, todayInManila } from '@ahente/contract/dates';
import { centavosToPesos } from '@ahente/contract/money';
import { fullName } from '@ahente/contract/names';
import type { EntryRow } from './entries-repository.ts';
import type { PeriodRow } from './periods-repository.ts';
import type { RateRow } from './rates-repository.ts';
import type { StatementRow } from './statements-repository.ts';

/**
 * The commissions' rows as the API returns them: each repository row (in centavos and hundredths)
 * becomes its contract record (in pesos and percent), in one place for every service of the feature.
 */

/**
 * Where an entry stands (decision 018): on a statement it is posted or paid, whatever came after;
 * otherwise a rejected sale or a forfeit means never paid, a hold not released means held, a sale
 * not verified means awaiting, and anything else is open (the next close posts it).
 */
export function statusOf(
  r: Pick<EntryRow, 'statement_id' | 'paid_on' | 'sale_verification' | 'decision' | 'hold_reason' | 'sale_id'>,
): EntryStatus {
  if (r.statement_id !== null) return r.paid_on === null ? 'posted' : 'paid';
  if (r.sale_verification === 'rejected') return 'rejected';
  if (r.decision === 'forfeited') return 'forfeited';
  if (r.hold_reason !== null && r.decision === null) return 'held';
  if (r.sale_id !== null && r.sale_verification !== 'verified') return 'awaiting';
  return 'open';
}

/**
 * The customer's name as an entry's earner may see it (decisions 017 and 018): only the seller sees
 * their client. An entry earned by anyone else never names the customer, whatever its kind (an
 * override, its reversal, an adjustment, a release).
 */
export function customerSeenBy<T extends string | null>(entry: { member_id: number; seller_id: number | null }, customer: T): T | null {
  return entry.seller_id !== null && entry.seller_id === entry.member_id ? customer : null;
}

export function toEntry(r: EntryRow): LedgerEntry {
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
    position: r.position,
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
export function bucketTotals(entries: LedgerEntry[]): BucketTotals {
  const centavos = { payable: 0, awaiting: 0, held: 0, forfeited: 0 };
  for (const e of entries) centavos[entryBucket(e.status)] += Math.round(e.amount * 100);
  return {
    payable: centavosToPesos(centavos.payable),
    awaiting: centavosToPesos(centavos.awaiting),
    held: centavosToPesos(centavos.held),
    forfeited: centavosToPesos(centavos.forfeited),
  };
}

export function toStatement(r: StatementRow, withBank = false): StatementRecord {
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

export function toRate(r: RateRow): RateRecord {
  return {
    id: r.id,
    kind: r.kind,
    key: r.key,
    rate: hundredthsToPercent(r.rate_hundredths),
    effective_from: r.effective_from,
    created_at: r.created_at,
    created_by_name: r.f_name === null ? null : fullName(r),
  };
}

/** A month with no row yet: nothing recorded in it, never closed. */
export const EMPTY_PERIOD: Omit<PeriodRow, 'period'> = {
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

/**
 * A month closed before its end (Manila time) was closed early (decision 016); one not closed is
 * running, open (ended) or upcoming.
 */
function periodState(period: string, closedAt: string | null, current: string): PeriodState {
  if (closedAt !== null) return todayInManila(new Date(closedAt)) < `${nextMonth(period)}-01` ? 'closed_early' : 'closed';
  return period === current ? 'running' : period > current ? 'upcoming' : 'open';
}

/** A month of the periods list, its state as of the `current` Manila month ('YYYY-MM'). */
export function toPeriod(p: PeriodRow, current: string): PeriodRecord {
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
}
