import type { LedgerEntry, StatementRecord } from '@ahente/contract/commissions';
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
  /** Pesos the member earned that no statement pays yet or ever (issue 20), as of a Manila day. */
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

export const statusText = (s: StatementRecord) => (s.paid_on ? `Paid on ${s.paid_on} (reference ${s.paid_reference ?? ''})` : 'Unpaid');

export const saleText = (e: LedgerEntry) => (e.sale_id === null ? '' : `#${e.sale_id}`);

/** The customer column: the name, a dash where it is withheld, nothing for an adjustment. */
export const customerText = (e: LedgerEntry) => (e.kind === 'adjustment' ? '' : (e.customer_name ?? NO_CUSTOMER));

export const detailText = (e: LedgerEntry) =>
  e.kind === 'adjustment'
    ? (e.reason ?? '')
    : [customerText(e), e.product].filter(Boolean).join(' · ') +
      (e.kind === 'override' && e.seller_name ? ` (sold by ${e.seller_name})` : '');

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
