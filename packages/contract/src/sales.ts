import { z } from 'zod';
import { calendarDate, memberIdSchema } from './common.ts';
import { dealFormFields, withSalesTypeRule } from './deals.ts';
import { SALES_GROUPS, SALES_TYPES, TRANSACTION_TYPES } from './enums.ts';

/** The fields of addsales formData, each with its rule (a form reuses them one by one). */
export const saleFormFields = { ...dealFormFields, effectiveDate: calendarDate('Effective date') };

/**
 * addsales formData: the deal-or-sale form of spec §3 with the effective date required (spec §5).
 * transactionType and sales_group default to the deal's when left out.
 */
export const saleForm = withSalesTypeRule(z.object(saleFormFields), 'sales_type');
export type SaleForm = z.input<typeof saleForm>;

/** POST addsales: `{ id, formData: {…, dealid} }`. */
export const addSaleRequest = z.object({ id: memberIdSchema, formData: saleForm });
export type AddSaleRequest = z.input<typeof addSaleRequest>;
export type AddSale = z.output<typeof addSaleRequest>;

/** The sale as read back (spec §3 Sale), TCV in pesos, with the deal it was made from. */
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
});
export type SaleRecord = z.infer<typeof saleRecord>;

export const saleSavedResponse = z.object({ success: z.literal(true), sale: saleRecord });
export type SaleSavedResponse = z.infer<typeof saleSavedResponse>;

export const saleListResponse = z.array(saleRecord);
