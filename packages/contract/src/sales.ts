import { z } from 'zod';
import { calendarDate, idField, lineField, memberIdSchema, optionalCalendarDate, optionalText } from './common.ts';
import { dealFormFields, enumField, tcvField, withSalesTypeRule } from './deals.ts';
import { SALES_GROUPS, SALES_TYPES, TRANSACTION_TYPES } from './enums.ts';
import { MSG } from './messages.ts';
import { cursorField, DEFAULT_PAGE_SIZE, pageFields, pageLimitField } from './paging.ts';
import { defaultExpiryDate, hasAnnualTerm } from './portfolio.ts';

/** An expiry date before the effective date (addsales, and the Add Sales form before it sends). */
export const EXPIRY_BEFORE_EFFECTIVE = 'Expiry date must not be before the effective date';

/** The fields of addsales formData, each with its rule (a form reuses them one by one). */
export const saleFormFields = {
  ...dealFormFields,
  effectiveDate: calendarDate('Effective date'),
  /**
   * The last day of the term (decision 025): absent, the effective date plus one year less a day;
   * never before the effective date; none (null) for a product without an annual term (a Memorial
   * Plan), whatever is sent.
   */
  expiry_date: z
    .union([calendarDate('Expiry date'), z.literal(''), z.null()], { error: () => 'Expiry date must be a real date (YYYY-MM-DD)' })
    .optional()
    .transform((v) => (v ? v : undefined)),
};

/**
 * addsales formData: the deal-or-sale form with the effective date required. transactionType and
 * sales_group default to the deal's when left out.
 */
export const saleForm = withSalesTypeRule(
  z
    .object(saleFormFields)
    .refine((v) => !hasAnnualTerm(v.product) || !v.expiry_date || v.expiry_date >= v.effectiveDate, {
      path: ['expiry_date'],
      message: EXPIRY_BEFORE_EFFECTIVE,
    })
    .transform((v) => ({ ...v, expiry_date: hasAnnualTerm(v.product) ? (v.expiry_date ?? defaultExpiryDate(v.effectiveDate)) : null })),
  'sales_type',
);
export type SaleForm = z.input<typeof saleForm>;

/** POST addsales: `{ id, formData: {…, dealid} }`. */
export const addSaleRequest = z.object({ id: memberIdSchema, formData: saleForm });
export type AddSaleRequest = z.input<typeof addSaleRequest>;
export type AddSale = z.output<typeof addSaleRequest>;

export * from './sales-rules.ts';
import { SALE_VERIFICATIONS } from './sales-rules.ts';
/** What the totals say under them: which sales they leave out. */
export { COUNTED_SALES_NOTE } from './messages.ts';

/** A sale's verification evidence: the statement line that verified it (sales.ts' `verified_from`). */
export const verifiedFrom = z.object({
  import_id: z.number(),
  /** The insurer's name. */
  insurer: z.string(),
  /** The statement's month, YYYY-MM. */
  period: z.string(),
  row_no: z.number(),
});
export type VerifiedFrom = z.infer<typeof verifiedFrom>;

/** The sale as read back, TCV in pesos, with the deal it was made from. */
export const saleRecord = z.object({
  id: z.number(),
  deal_id: z.number(),
  customer_name: z.string(),
  tx_type: z.enum(TRANSACTION_TYPES),
  product: z.string(),
  tcv: z.number(),
  policy_number: z.string().nullable(),
  insurer: z.string().nullable(),
  plan_name: z.string().nullable(),
  effective_date: z.string(),
  sales_type: z.enum(SALES_TYPES),
  referror: z.string().nullable(),
  agent: z.string().nullable(),
  sales_group: z.enum(SALES_GROUPS),
  createdat: z.string(),
  verification: z.enum(SALE_VERIFICATIONS),
  /** Who verified or rejected it and when (null while unverified); a rejection's reason. */
  verified_at: z.string().nullable(),
  verified_by_name: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  /** A cancellation (decision 019): the day, why, the refund (pesos), who recorded it and when; all null while in force. */
  cancelled_on: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  refund: z.number().nullable(),
  cancelled_by_name: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** The policy's term and the client's contact (decision 025); expiry null for a Memorial Plan. */
  expiry_date: z.string().nullable(),
  customer_contact: z.string().nullable(),
  customer_email: z.string().nullable(),
  /** The policy this sale renews, or null. */
  renews_sale_id: z.number().nullable(),
  /**
   * The verification's evidence (decision 037): the insurer's statement line that verified the sale
   * ("Verified from Malayan statement 2026-10, line 14"), or null (verified by hand, or not verified).
   */
  verified_from: verifiedFrom.nullable(),
});
export type SaleRecord = z.infer<typeof saleRecord>;

export const saleSavedResponse = z.object({ success: z.literal(true), sale: saleRecord });
export type SaleSavedResponse = z.infer<typeof saleSavedResponse>;

export const saleListResponse = z.array(saleRecord);

/**
 * POST salespage (decision 036): a page of the member's sales in getsales' order (newest effective
 * date first, then newest id), with the From/To filter on the effective date (inclusive, either end
 * may be empty) applied by the server. `limit` defaults to DEFAULT_PAGE_SIZE.
 */
export const salesPageRequest = z
  .object({
    id: memberIdSchema,
    from: optionalCalendarDate('From'),
    to: optionalCalendarDate('To'),
    limit: pageLimitField.transform((v) => v ?? DEFAULT_PAGE_SIZE),
    cursor: cursorField('sales'),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: MSG.dateRangeReversed });
export type SalesPageRequest = z.input<typeof salesPageRequest>;
export type SalesPageInput = z.output<typeof salesPageRequest>;

/**
 * A page of sales. Over every sale of the filter, not only this page: `count` (the rows), and the
 * screen's totals, which leave rejected and cancelled sales out (countsAsSale): `counted` (Number of
 * Sales Made) and `tcv` (Total TCV, pesos).
 */
export const salesPageResponse = z.object({
  rows: z.array(saleRecord),
  ...pageFields,
  counted: z.number(),
  tcv: z.number(),
});
export type SalesPageResponse = z.infer<typeof salesPageResponse>;

// ---------------------------------------------------------------- verification (admins)

/** At most this many sales are decided in one call. */
export const MAX_VERIFY_BATCH = 500;

/** POST verifysales: each sale is decided once; a rejection needs a reason. */
export const verifySalesRequest = z
  .object({
    sale_ids: z
      .array(idField('Sale id'), { error: 'Sale ids must be a list' })
      .min(1, 'Choose at least one sale')
      .max(MAX_VERIFY_BATCH, `At most ${MAX_VERIFY_BATCH} sales at once`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each sale may be listed once'),
    decision: enumField('Decision', ['verified', 'rejected'] as const),
    reason: optionalText('Reason'),
  })
  .refine((v) => v.decision !== 'rejected' || v.reason !== null, { path: ['reason'], message: 'Reason is required to reject' });
export type VerifySalesRequest = z.input<typeof verifySalesRequest>;
export type VerifySalesInput = z.output<typeof verifySalesRequest>;
export const verifySalesResponse = z.object({
  decision: z.enum(['verified', 'rejected']),
  count: z.number(),
  /** The TCV of the sales decided (pesos). */
  tcv: z.number(),
});
export type VerifySalesResponse = z.infer<typeof verifySalesResponse>;

/** POST salestoverify: unverified sales across the agency, largest TCV first. */
export const salesToVerifyRequest = z
  .object({
    insurer: optionalText('Insurer'),
    product: optionalText('Product'),
    /** Part of the agent's name. */
    agent: optionalText('Agent', 100),
    /** Effective date, inclusive. */
    from: optionalCalendarDate('From'),
    to: optionalCalendarDate('To'),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: MSG.dateRangeReversed });
export type SalesToVerifyRequest = z.input<typeof salesToVerifyRequest>;
export type SalesToVerifyInput = z.output<typeof salesToVerifyRequest>;

/** At most this many rows are listed; the totals count them all. */
export const SALES_TO_VERIFY_LIMIT = 500;

export const saleToVerify = saleRecord.extend({
  member_id: z.number(),
  agent_name: z.string(),
  /** Whether a standing imported statement has a line paying this sale (matched or differs, decision 037). */
  statement_paid: z.boolean(),
});
export type SaleToVerify = z.infer<typeof saleToVerify>;
export const salesToVerifyResponse = z.object({
  sales: z.array(saleToVerify),
  /** Every unverified sale matching the filter (the list stops at SALES_TO_VERIFY_LIMIT). */
  count: z.number(),
  tcv: z.number(),
  /** The insurers named on unverified sales, for the filter. */
  insurers: z.array(z.string()),
});
export type SalesToVerifyResponse = z.infer<typeof salesToVerifyResponse>;

// ---------------------------------------------------------------- cancellation (admins)

/**
 * POST cancelsale: the policy was cancelled on `cancelled_on` (not in the future); `refund` is the
 * premium returned to the client in pesos, the whole TCV when left out, never more than the TCV.
 */
export const cancelSaleRequest = z.object({
  sale_id: idField('Sale id'),
  cancelled_on: calendarDate('Cancelled on'),
  reason: lineField('Reason'),
  refund: z.preprocess((v) => (v === '' || v === null ? undefined : v), tcvField('Refund').optional()).transform((v) => v ?? null),
});
export type CancelSaleRequest = z.input<typeof cancelSaleRequest>;
export type CancelSaleInput = z.output<typeof cancelSaleRequest>;
export const cancelSaleResponse = z.object({
  sale: saleRecord,
  /** The reversal entries written, and their sum (pesos, negative). */
  reversals: z.number(),
  reversed: z.number(),
});
export type CancelSaleResponse = z.infer<typeof cancelSaleResponse>;
