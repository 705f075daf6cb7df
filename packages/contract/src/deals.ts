import { z } from 'zod';
import { isProduct } from './catalogue.ts';
import {
  LIMITS,
  calendarDate,
  controlCharacterMessage,
  hasControlCharacter,
  idField,
  isBlank,
  memberIdSchema,
  nameField,
  optionalCalendarDate,
  optionalText,
} from './common.ts';
import { MSG } from './messages.ts';
import { cursorField, DEFAULT_PAGE_SIZE, pageFields, pageLimitField } from './paging.ts';
import { DEAL_STATUSES, SALES_GROUPS, SALES_TYPES, TRANSACTION_TYPES } from './enums.ts';
import { MAX_TCV_PESOS } from './money.ts';

/** One of a list, with "X is required" / "X must be one of …" messages. */
export const enumField = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, {
    error: (iss) => (isBlank(iss.input) ? `${label} is required` : `${label} must be one of: ${values.join(', ')}`),
  });

/** One of a list, `fallback` when absent, null or '' (the new-deal form's defaults). */
export const enumWithDefault = <const T extends readonly [string, ...string[]]>(label: string, values: T, fallback: T[number]) =>
  z
    .union([enumField(label, values), z.literal(''), z.null()], {
      error: () => `${label} must be one of: ${values.join(', ')}`,
    })
    .optional()
    .transform((v): T[number] => (v ? v : fallback));

/** One of a list or absent (null, '' and undefined all mean "not given"). */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z
    .union([enumField(label, values), z.literal(''), z.null()], {
      error: () => `${label} must be one of: ${values.join(', ')}`,
    })
    .optional()
    .transform((v): T[number] | undefined => (v ? v : undefined));

/** A product of the catalogue (catalogue.ts), spelt exactly as there. */
export const productField = z
  .string({ error: 'Product is required' })
  .trim()
  .min(1, 'Product is required')
  .refine(isProduct, 'Product must be one of the products of the catalogue');

const TCV_CEILING_TEXT = MAX_TCV_PESOS.toLocaleString('en-US');

/**
 * TCV in pesos as a number or a numeric string (HTML inputs send strings): finite, not negative,
 * at most 2 decimals, at most MAX_TCV_PESOS. The output is the amount in pesos as a number; turn
 * it into centavos with `pesosToCentavos`, which is exact for such a number.
 */
export const tcvField = (label = 'TCV') =>
  z
    .union([z.number(), z.string()], {
      error: (iss) => (isBlank(iss.input) ? `${label} is required` : `${label} must be a number`),
    })
    .transform((value, ctx): number => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      };
      let pesos: number;
      if (typeof value === 'string') {
        const text = value.trim();
        if (text === '') return fail(`${label} is required`);
        const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text) ?? /^([+-]?)()\.(\d+)$/.exec(text);
        if (!m) return fail(`${label} must be a number`);
        if (m[1] === '-' && /[1-9]/.test(text)) return fail(`${label} must not be negative`);
        if ((m[3] ?? '').replace(/0+$/, '').length > 2) return fail(`${label} must have at most 2 decimals`);
        pesos = Math.abs(Number(text));
      } else {
        if (!Number.isFinite(value)) return fail(`${label} must be a number`);
        if (value < 0) return fail(`${label} must not be negative`);
        pesos = value === 0 ? 0 : value; // -0 is 0
      }
      if (!Number.isFinite(pesos)) return fail(`${label} must be a number`);
      if (pesos > MAX_TCV_PESOS) return fail(`${label} must be at most ${TCV_CEILING_TEXT}`);
      const centavos = Math.round(pesos * 100);
      if (centavos / 100 !== pesos) return fail(`${label} must have at most 2 decimals`);
      return pesos;
    });

export const REFERROR_REQUIRED = 'Referror is required when the sales type is Agent';
export const AGENT_REQUIRED = 'Agent name is required when the sales type is Agent';

/**
 * Sales type Agent requires the referror and the agent name; for Direct both are stored as null.
 */
export function withSalesTypeRule<
  S extends z.ZodType<{ referror: string | null; agent: string | null }>,
  K extends 'salesType' | 'sales_type',
>(schema: S, key: K) {
  return schema
    .superRefine((v, ctx) => {
      if ((v as Record<string, unknown>)[key] !== 'Agent') return;
      if (!v.referror) ctx.addIssue({ code: 'custom', message: REFERROR_REQUIRED, path: ['referror'] });
      if (!v.agent) ctx.addIssue({ code: 'custom', message: AGENT_REQUIRED, path: ['agent'] });
    })
    .transform((v) => ((v as Record<string, unknown>)[key] === 'Agent' ? v : { ...v, referror: null, agent: null }));
}

/**
 * The client's mobile number (decision 025): optional; digits only, at most 11 (a contact number's
 * rule). '' and null clear it (null); left out (undefined) it stays undefined, so that editdeals
 * keeps the saved one when a client that does not know the field (the spec's) edits a deal.
 */
export const customerContactField = z
  .union([z.string(), z.null()], { error: 'Client contact number must be text' })
  .optional()
  .transform((v) => (v === undefined ? undefined : (v ?? '').trim()))
  .refine((v) => v === undefined || v === '' || /^\d{1,11}$/.test(v), 'Client contact number must be digits only, at most 11')
  .transform((v) => (v === '' ? null : v));

/** The client's e-mail (decision 025): optional; '' and null clear it, left out it stays undefined (as the contact). */
export const customerEmailField = z
  .union([z.string(), z.null()], { error: 'Client email must be text' })
  .optional()
  .transform((v) => (v === undefined ? undefined : (v ?? '').trim()))
  .refine((v) => v === undefined || v.length <= 254, 'Client email must be at most 254 characters')
  .refine((v) => v === undefined || !hasControlCharacter(v), controlCharacterMessage('Client email'))
  .refine((v) => v === undefined || v === '' || z.email().safeParse(v).success, 'Client email is not a valid email address')
  .transform((v) => (v === '' ? null : v));

/** The fields of adddeals, each with its rule (a form reuses them one by one). */
export const newDealFields = z.object({
  id: memberIdSchema,
  customerName: nameField('Customer name'),
  transactionType: enumField('Transaction type', TRANSACTION_TYPES),
  product: productField,
  tcvValue: tcvField('TCV'),
  effectiveDate: calendarDate('Effective date'),
  dealStatus: enumWithDefault('Deal status', DEAL_STATUSES, 'For Quotation'),
  salesType: enumWithDefault('Sales type', SALES_TYPES, 'Direct'),
  referror: optionalText('Referror', LIMITS.name),
  agent: optionalText('Agent name', LIMITS.name),
  salesGroup: enumWithDefault('Sales group', SALES_GROUPS, 'MedicalSalesGroup'),
  customer_contact: customerContactField,
  customer_email: customerEmailField,
});

/**
 * adddeals: the new-deal payload. Customer name, transaction type, product, TCV and effective date
 * are required; the deal status defaults to For Quotation, the sales type to Direct and the sales
 * group to MedicalSalesGroup.
 */
export const newDealRequest = withSalesTypeRule(newDealFields, 'salesType');
export type NewDealRequest = z.input<typeof newDealRequest>;
export type NewDeal = z.output<typeof newDealRequest>;

/**
 * The deal-or-sale form (`formData` of editdeals and addsales). Required: customerName, product,
 * tcv, sales_type; referror and agent when the sales type is Agent. A field left out keeps the
 * deal's value (transactionType, deal_status, sales_group, effectiveDate).
 */
export const dealFormFields = {
  dealid: idField('Deal id'),
  customerName: nameField('Customer name'),
  transactionType: optionalEnum('Transaction type', TRANSACTION_TYPES),
  product: productField,
  tcv: tcvField('TCV'),
  sales_type: enumField('Sales type', SALES_TYPES),
  referror: optionalText('Referror', LIMITS.name),
  agent: optionalText('Agent name', LIMITS.name),
  deal_status: optionalEnum('Deal status', DEAL_STATUSES),
  sales_group: optionalEnum('Sales group', SALES_GROUPS),
  policy: optionalText('Policy number'),
  insurer: optionalText('Insurer'),
  planName: optionalText('Plan name'),
  customer_contact: customerContactField,
  customer_email: customerEmailField,
  effectiveDate: z
    .union([calendarDate('Effective date'), z.literal(''), z.null()], {
      error: () => 'Effective date must be a real date (YYYY-MM-DD)',
    })
    .optional()
    .transform((v) => (v ? v : undefined)),
};

/** editdeals formData: any of the six statuses is accepted (the edit form offers five). */
export const editDealForm = withSalesTypeRule(z.object(dealFormFields), 'sales_type');
export type EditDealForm = z.input<typeof editDealForm>;

/** POST editdeals: `{ id, formData: {…, dealid} }`. */
export const editDealRequest = z.object({
  id: memberIdSchema,
  formData: editDealForm,
});
export type EditDealRequest = z.input<typeof editDealRequest>;
export type EditDeal = z.output<typeof editDealRequest>;

/** The deal as read back, TCV in pesos, plus whether it was made into a sale. */
export const dealRecord = z.object({
  id: z.number(),
  customer_name: z.string(),
  tx_type: z.enum(TRANSACTION_TYPES),
  product: z.string(),
  tcv: z.number(),
  effective_date: z.string(),
  createdat: z.string(),
  deal_status: z.enum(DEAL_STATUSES),
  sales_type: z.enum(SALES_TYPES),
  referror: z.string().nullable(),
  agent: z.string().nullable(),
  sales_group: z.enum(SALES_GROUPS),
  /** True once the deal has been made into a sale: it cannot be sold again. */
  sold: z.boolean(),
  sale_id: z.number().nullable(),
  customer_contact: z.string().nullable(),
  customer_email: z.string().nullable(),
  /** The policy (sale) this deal renews (decision 025), or null. */
  renews_sale_id: z.number().nullable(),
  /** A renewal deal's insurer, the renewed policy's (the Add Sales form starts from it); null on other deals. */
  insurer: z.string().nullable(),
  /** 'E-Store' for a deal a store request made (decision 040), else null; its notes: the request's answers and message. */
  source: z.string().nullable(),
  notes: z.string().nullable(),
});
export type DealRecord = z.infer<typeof dealRecord>;

export const dealSavedResponse = z.object({ success: z.literal(true), deal: dealRecord });
export type DealSavedResponse = z.infer<typeof dealSavedResponse>;

export const dealListResponse = z.array(dealRecord);

/**
 * POST dealspage (decision 036): a page of the member's deals in getdeals' order (newest effective
 * date first, then newest id), with the From/To filter on the effective date (inclusive, either end
 * may be empty) applied by the server. `limit` defaults to DEFAULT_PAGE_SIZE.
 */
export const dealsPageRequest = z
  .object({
    id: memberIdSchema,
    from: optionalCalendarDate('From'),
    to: optionalCalendarDate('To'),
    limit: pageLimitField.transform((v) => v ?? DEFAULT_PAGE_SIZE),
    cursor: cursorField('deals'),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: MSG.dateRangeReversed });
export type DealsPageRequest = z.input<typeof dealsPageRequest>;
export type DealsPageInput = z.output<typeof dealsPageRequest>;

/** A page of deals; `count` and `tcv` (Total TCV, pesos) cover every deal of the filter, not only this page. */
export const dealsPageResponse = z.object({
  rows: z.array(dealRecord),
  ...pageFields,
  tcv: z.number(),
});
export type DealsPageResponse = z.infer<typeof dealsPageResponse>;
