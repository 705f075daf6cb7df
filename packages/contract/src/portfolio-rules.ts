/**
 * When a policy is due, and which products have an annual term: no zod and no schema, so that the web's first load (the dashboard, the layout) can use
 * them without building the route table's schemas (decision 014). Re-exported by the schema module
 * of the same domain, which the server and the forms import.
 */

/** A policy is due once it expires within this many days (today included) and is not renewed. */
export const POLICY_DUE_DAYS = 60;
/** The "expiring in" filter's choices. */
export const EXPIRING_WITHIN_DAYS = [30, 60, 90] as const;
/** The product without an annual term: its sales have no expiry date. */
export const NO_TERM_PRODUCTS: readonly string[] = ['Memorial Plan'];
export const hasAnnualTerm = (product: string) => !NO_TERM_PRODUCTS.includes(product);
