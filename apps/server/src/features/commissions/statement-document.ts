import { formatRate, type LedgerEntry, type StatementRecord } from '@ahente/contract/commissions';
import { formatDay } from '@ahente/contract/dates';
import { productLabel } from '@ahente/contract/labels';
import { formatPeso } from '@ahente/contract/money';

/**
 * What a statement's files show: the agency, the statement and every entry on it, and what the
 * member earned that is not on it. Plain data: the PDF is drawn from it in a worker thread
 * (statement-pdf.ts), so it must survive a structured clone.
 */
export interface StatementDocument {
  agencyName: string;
  statement: StatementRecord;
  entries: LedgerEntry[];
  /**
   * Pesos the member earned that no statement pays yet or ever (decision 018), as of a Manila day.
   */
  notPayable?: NotPayable;
}

export interface NotPayable {
  awaiting: number;
  held: number;
  forfeited: number;
  /** YYYY-MM-DD */
  asOf: string;
}

/** What the PDF and the workbook write where a seller's customer is not shown (a leader's override, decisions 017 and 018). */
export const NO_CUSTOMER = '—';

export const statusText = (s: StatementRecord) =>
  s.paid_on ? `Paid on ${formatDay(s.paid_on)} (reference ${s.paid_reference ?? ''})` : s.carried ? 'Carried forward' : 'Unpaid';

export const saleText = (e: LedgerEntry) => (e.sale_id === null ? '' : `#${e.sale_id}`);

/** The customer column: the name, a dash where it is withheld, nothing for an adjustment. */
export const customerText = (e: LedgerEntry) => (e.kind === 'adjustment' ? '' : (e.customer_name ?? NO_CUSTOMER));

const dayMonth = new Intl.DateTimeFormat('en-PH', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day as a sentence reads it: "Oct 5", with its year when not `sameYearAs`'s ("Dec 30, 2025"). */
function dayInSentence(day: string, sameYearAs: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return (day.slice(0, 4) === sameYearAs.slice(0, 4) ? dayMonth : dayMonthYear).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * A reversal's first words (decision 016): which sale's commission it takes back, by the day the
 * sale was recorded, "Reversal of the Oct 5 sale commission" (an override's: "… sale override"),
 * never by an entry number nobody sees.
 */
export function reversalText(e: LedgerEntry): string {
  const what = e.position === null ? 'commission' : 'override';
  return e.reverses_date === null
    ? `Reversal of a sale ${what}`
    : `Reversal of the ${dayInSentence(e.reverses_date, e.entry_date)} sale ${what}`;
}

/**
 * The details column: an adjustment's reason; for a sale or an override the customer (or a dash)
 * and the product, and who sold it when it is someone else's sale; a reversal says which sale's
 * commission it reverses, then the same as the entry it reverses.
 */
export function detailText(e: LedgerEntry): string {
  if (e.kind === 'adjustment') return e.reason ?? '';
  const soldBy = (e.kind === 'override' || e.kind === 'reversal') && e.seller_name && e.seller_id !== e.member_id;
  const sale =
    [customerText(e), e.product === null ? null : productLabel(e.product)].filter(Boolean).join(' · ') +
    (soldBy ? ` (sold by ${e.seller_name})` : '');
  if (e.kind !== 'reversal') return sale;
  return sale ? `${reversalText(e)}: ${sale}` : reversalText(e);
}

/** The workbook's Rule / Reason column: an adjustment's reason, a reversal's entry and rule, or the rule. */
export function ruleText(e: LedgerEntry): string {
  if (e.kind === 'adjustment') return e.reason ?? '';
  if (e.kind === 'reversal') return e.rule && e.rule !== 'Reversal' ? `${reversalText(e)} · ${e.rule}` : reversalText(e);
  return e.rule;
}

/** "Withholding tax (5%, WI070)"; a statement closed before withholding (no ATC) says "Withholding tax". */
export const withholdingLabel = (s: StatementRecord) =>
  s.atc ? `Withholding tax (${formatRate(s.withholding_rate)}, ${s.atc})` : 'Withholding tax';

/**
 * The statement's summary under its entries, amounts in pesos: the balance brought forward (when
 * not zero), the gross, the tax withheld as a deduction, and the net = brought forward + gross − tax.
 */
export function summaryLines(s: StatementRecord): { label: string; amount: number; total?: true }[] {
  return [
    ...(s.brought_forward !== 0 ? [{ label: 'Balance brought forward', amount: s.brought_forward }] : []),
    { label: 'Gross commission', amount: s.gross },
    // 0 - tax, not -tax: a zero tax must not print as "-₱0.00".
    { label: withholdingLabel(s), amount: 0 - s.withholding_tax },
    { label: 'Net', amount: s.net, total: true as const },
  ];
}

/** Under the net of a statement not paid: its balance opens the next statement. */
export const CARRIED_TEXT = 'Carried forward: not paid this month (below the minimum payout or negative)';

/** The not-payable amounts that are not zero, labelled, in a fixed order. */
export function notPayableParts(n: NotPayable | undefined): { label: string; amount: number }[] {
  if (!n) return [];
  return [
    { label: 'Awaiting verification', amount: n.awaiting },
    { label: 'Held', amount: n.held },
    { label: 'Forfeited', amount: n.forfeited },
  ].filter((p) => p.amount !== 0);
}

export const notPayableHeading = (n: NotPayable) => `Not on this statement (as of ${n.asOf})`;

/** "Not on this statement (as of 2026-11-24): Awaiting verification ₱100.00 · Held ₱50.00", or null when all are zero. */
export function notPayableText(n: NotPayable | undefined): string | null {
  const parts = notPayableParts(n);
  if (!n || parts.length === 0) return null;
  return `${notPayableHeading(n)}: ${parts.map((p) => `${p.label} ${formatPeso(p.amount)}`).join(' · ')}`;
}
