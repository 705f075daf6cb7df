/**
 * A sale's verification and whether it counts: no zod and no schema, so that the web's first load (the dashboard, the layout) can use
 * them without building the route table's schemas (decision 014). Re-exported by the schema module
 * of the same domain, which the server and the forms import.
 */

/**
 * A sale is the agent's statement of a policy; the agency verifies it against the insurer's
 * issuance and the client's payment before any commission on it is paid (decision 018).
 */
export const SALE_VERIFICATIONS = ['unverified', 'verified', 'rejected'] as const;
export type SaleVerification = (typeof SALE_VERIFICATIONS)[number];
export const SALE_VERIFICATION_LABELS: Record<SaleVerification, string> = {
  unverified: 'Awaiting verification',
  verified: 'Verified',
  rejected: 'Rejected',
};
/** A sale's state in a word, as its badge and the Sales export say it: 'Cancelled' once cancelled (decision 019), otherwise its verification (decision 023). */
export const saleStateLabel = (s: { verification: SaleVerification; cancelled_on: string | null }) =>
  s.cancelled_on !== null ? 'Cancelled' : SALE_VERIFICATION_LABELS[s.verification];

/**
 * Whether a sale counts in sales totals, reports, team figures and the dashboard: a rejected sale
 * does not (its deal may be sold again), nor a cancelled one (decision 019). The SQL of the same
 * rule is `countedSaleSql` (apps/server/src/db/counted-sale.ts).
 */
export const countsAsSale = (s: { verification: SaleVerification; cancelled_on: string | null }) =>
  s.verification !== 'rejected' && s.cancelled_on === null;
