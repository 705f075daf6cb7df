/**
 * Insurers' commission statements imported and reconciled against the sales (decision 037, decision
 * 037): the line states, the fields a statement's columns map to, and the limits. No zod and no
 * schema (decision 014): the screens' first load may use them. Re-exported by reconciliation.ts.
 */

/**
 * The state each statement line ends in (decision 037), with its reason:
 * - matched: a sale of the import's insurer with the same policy number, and the commission equals
 *   what the agency expects within MATCH_TOLERANCE_CENTAVOS (or no agency rate is on file);
 * - differs: matched to a sale, but paid short or over (expected and received both shown);
 * - unmatched: no sale has that policy (possibly with a suggestion, never a match);
 * - duplicate: the same policy, period and amount already received in an earlier standing import;
 * - chargeback: a negative line or a cancellation, linked to its sale when one matches;
 * - ignored: set aside by an administrator, with a reason.
 */
export const LINE_STATUSES = ['matched', 'differs', 'unmatched', 'duplicate', 'chargeback', 'ignored'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];
export const LINE_STATUS_LABELS: Record<LineStatus, string> = {
  matched: 'Matched',
  differs: 'Differs',
  unmatched: 'Unmatched',
  duplicate: 'Duplicate',
  chargeback: 'Chargeback',
  ignored: 'Ignored',
};
/** The states whose sale verifyfromstatement verifies. */
export const VERIFYING_STATUSES = ['matched', 'differs'] as const satisfies readonly LineStatus[];

/** The fields a statement's columns map to; the first two are required. */
export const MAPPING_FIELDS = ['policy_no', 'commission', 'premium', 'insured_name', 'transaction', 'effective_date', 'paid_on'] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
export const REQUIRED_MAPPING_FIELDS = ['policy_no', 'commission'] as const satisfies readonly MappingField[];
export const MAPPING_FIELD_LABELS: Record<MappingField, string> = {
  policy_no: 'Policy number',
  commission: 'Commission',
  premium: 'Premium',
  insured_name: 'Insured name',
  transaction: 'Transaction',
  effective_date: 'Effective date',
  paid_on: 'Paid on',
};

/** What a line's transaction column is read as (blank: none). */
export const STATEMENT_TRANSACTIONS = ['new', 'renewal', 'endorsement', 'cancellation'] as const;
export type StatementTransaction = (typeof STATEMENT_TRANSACTIONS)[number];

/** The multipart field of the statement file (previewstatement, importstatement). */
export const STATEMENT_FILE_FIELD = 'file';
/** The file types read: by extension (.xlsx, .csv). */
export const STATEMENT_EXTENSIONS = ['.xlsx', '.csv'] as const;
/** The most lines one statement may have (the file's size is bounded by MATERIAL_MAX_MB). */
export const STATEMENT_MAX_LINES = 100_000;
/** The header row is looked for in the first this many rows. */
export const HEADER_SEARCH_ROWS = 30;
/** The preview shows this many lines as read. */
export const PREVIEW_ROWS = 20;
/** A 4xx names at most this many unreadable rows (and says how many there are in all). */
export const MAX_REPORTED_BAD_ROWS = 50;
/** A commission equals the expected within this many centavos (₱1.00); a suggestion's premium too. */
export const MATCH_TOLERANCE_CENTAVOS = 100;
/** missingcommissions' default: sales with no statement line this many days after their effective date. */
export const MISSING_DEFAULT_DAYS = 60;
export const MISSING_MAX_DAYS = 3650;

/** The reasons a line is given (the screens show them as written). */
export const LINE_REASONS = {
  matched: 'Paid as expected',
  noRate: 'no agency rate',
  paidShort: 'Paid short',
  paidOver: 'Paid over',
  noSale: 'No sale of this insurer has this policy number',
  suggestion: 'No sale has this policy number; a sale of this customer has the same premium',
  duplicate: 'Already received in an earlier import',
  negative: 'Negative commission',
  cancellation: 'Cancellation',
  chargebackNoSale: 'Chargeback of a policy no sale has',
  matchedByHand: 'Matched by hand',
} as const;
