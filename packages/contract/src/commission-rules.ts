/**
 * The kinds and states of commission entries with their English labels: no zod and no schema, so
 * that the web's first load (the English catalogue, the dashboard) can use them without building
 * the commission schemas (decision 014). Re-exported by commissions.ts.
 */

/**
 * What an entry is for: the agent's own sale, a leader's override on it, an admin's correction, or
 * the reversal of a sale's or an override's entry when the sale is cancelled (decision 019).
 */
export const COMMISSION_KINDS = ['sale', 'override', 'adjustment', 'reversal'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];
export const COMMISSION_KIND_LABELS: Record<CommissionKind, string> = {
  sale: 'Own sale',
  override: 'Override',
  adjustment: 'Adjustment',
  reversal: 'Reversal',
};

/**
 * Where an entry stands (decision 016, decision 018):
 * - `awaiting`: its sale is not verified yet; no close posts it.
 * - `held`: its earner held no verified licence for the product's lines on the recording day; no
 *   close posts it until an admin releases it.
 * - `open`: payable, posted by the next close; `posted` on a statement; `paid` on a paid statement.
 * - `forfeited`: an admin forfeited the held entry; `rejected`: its sale was rejected. Never paid.
 */
export const ENTRY_STATUSES = ['awaiting', 'held', 'open', 'posted', 'paid', 'forfeited', 'rejected'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
export const ENTRY_STATUS_LABELS: Record<EntryStatus, string> = {
  awaiting: 'Awaiting verification',
  held: 'Held',
  open: 'Open',
  posted: 'Posted',
  paid: 'Paid',
  forfeited: 'Forfeited',
  rejected: 'Sale rejected',
};
