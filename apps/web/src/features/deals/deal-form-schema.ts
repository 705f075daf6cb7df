import { z } from 'zod';
import { categoryOf, type ProductCategory } from '@ahente/contract/catalogue';
import { errorResponse } from '@ahente/contract/common';
import { isCalendarDate } from '@ahente/contract/dates';
import {
  dealFormFields,
  newDealFields,
  withSalesTypeRule,
  type DealRecord,
  type EditDealForm,
  type NewDealRequest,
} from '@ahente/contract/deals';
import type { DealStatus, SalesGroup, SalesType, TransactionType } from '@ahente/contract/enums';
import { defaultExpiryDate } from '@ahente/contract/portfolio';
import { hasAnnualTerm } from '@ahente/contract/portfolio-rules';
import { EXPIRY_BEFORE_EFFECTIVE, saleFormFields, type SaleForm } from '@ahente/contract/sales';
import { formSchemaFor } from '../../lib/form-schema';

/**
 * The deal-or-sale form as the screens hold it (strings, as inputs give them). The new deal page
 * and the Edit Deal and Add Sales modals share it; each shows the fields it needs.
 */
export interface DealFormValues {
  customerName: string;
  transactionType: TransactionType | '';
  /** Not sent: it narrows the product list. */
  category: ProductCategory | '';
  product: string;
  tcv: string;
  effectiveDate: string;
  dealStatus: DealStatus;
  salesType: SalesType;
  referror: string;
  agent: string;
  salesGroup: SalesGroup;
  policy: string;
  insurer: string;
  planName: string;
  /** The client's mobile number and e-mail (decision 025): optional, for reaching them at renewal. */
  customer_contact: string;
  customer_email: string;
  /** The sale's last day of cover (Add Sales only); '' for a product without an annual term. */
  expiry_date: string;
}

/** The new-deal form's defaults: For Quotation, Direct, MedicalSalesGroup. */
export const EMPTY_DEAL: DealFormValues = {
  customerName: '',
  transactionType: '',
  category: '',
  product: '',
  tcv: '',
  effectiveDate: '',
  dealStatus: 'For Quotation',
  salesType: 'Direct',
  referror: '',
  agent: '',
  salesGroup: 'MedicalSalesGroup',
  policy: '',
  insurer: '',
  planName: '',
  customer_contact: '',
  customer_email: '',
  expiry_date: '',
};

/**
 * A deal read back, as form values (EDIT and Make as Sales prefill from it). A renewal deal
 * (decision 025) carries the insurer of the policy it renews, for its sale; the expiry date starts
 * as the effective date's default term (none for a Memorial Plan).
 */
export function dealToForm(deal: DealRecord): DealFormValues {
  const effectiveDate = deal.effective_date.slice(0, 10);
  return {
    ...EMPTY_DEAL,
    customerName: deal.customer_name,
    transactionType: deal.tx_type,
    category: categoryOf(deal.product) ?? '',
    product: deal.product,
    tcv: Number.isFinite(deal.tcv) ? deal.tcv.toFixed(2) : '',
    effectiveDate,
    dealStatus: deal.deal_status,
    salesType: deal.sales_type,
    referror: deal.referror ?? '',
    agent: deal.agent ?? '',
    salesGroup: deal.sales_group,
    insurer: deal.insurer ?? '',
    customer_contact: deal.customer_contact ?? '',
    customer_email: deal.customer_email ?? '',
    expiry_date: expiryFor(deal.product, effectiveDate),
  };
}

/** The expiry date a sale starts with: the effective date's default term, '' without an annual term or a date. */
export function expiryFor(product: string, effectiveDate: string): string {
  return hasAnnualTerm(product) && isCalendarDate(effectiveDate) ? defaultExpiryDate(effectiveDate) : '';
}

/*
 * The form schemas: the contract's rule for each field (the server checks the same), under the
 * form's names. What the form adds: the TCV as typed ("₱1,234.50" → "1234.50"), the product
 * category, and an empty date input counting as no date, so that it reads "… is required" and the
 * new-deal toast says the fields are missing.
 */

const dealForm = formSchemaFor<DealFormValues>();

const tcvAsTyped = z.preprocess((text: string) => text.replace(/[\s,₱]/g, ''), dealFormFields.tcv);

const requiredDate = (rule: typeof saleFormFields.effectiveDate) =>
  z.preprocess((value: string) => (value === '' ? undefined : value), rule);

/** editdeals' rules: customer name, product, TCV and sales type are required. */
const dealFields = {
  customerName: dealFormFields.customerName,
  transactionType: dealFormFields.transactionType,
  category: z.string().min(1, 'Product category is required'),
  product: dealFormFields.product,
  tcv: tcvAsTyped,
  effectiveDate: dealFormFields.effectiveDate,
  dealStatus: dealFormFields.deal_status,
  salesType: dealFormFields.sales_type,
  referror: dealFormFields.referror,
  agent: dealFormFields.agent,
  salesGroup: dealFormFields.sales_group,
  policy: dealFormFields.policy,
  insurer: dealFormFields.insurer,
  planName: dealFormFields.planName,
  customer_contact: dealFormFields.customer_contact,
  customer_email: dealFormFields.customer_email,
};

/** Edit Deal: editdeals' rules; Referror and Agent Name are required for an Agent sale. */
export const editDealSchema = dealForm(withSalesTypeRule(z.object(dealFields), 'salesType'));
export type EditDealValues = z.output<typeof editDealSchema>;

/**
 * Add Sales: addsales' rules, the effective date required too, and the expiry date (decision 025):
 * never before the effective date; none for a product without an annual term.
 */
export const saleSchema = dealForm(
  withSalesTypeRule(
    z
      .object({ ...dealFields, effectiveDate: requiredDate(saleFormFields.effectiveDate), expiry_date: saleFormFields.expiry_date })
      .refine((v) => !hasAnnualTerm(v.product) || !v.expiry_date || v.expiry_date >= v.effectiveDate, {
        path: ['expiry_date'],
        message: EXPIRY_BEFORE_EFFECTIVE,
      })
      .transform((v) => ({ ...v, expiry_date: hasAnnualTerm(v.product) ? (v.expiry_date ?? null) : null })),
    'salesType',
  ),
);
export type SaleValues = z.output<typeof saleSchema>;

/** New deal: adddeals' rules: the transaction type and the effective date are required too. */
export const newDealSchema = dealForm(
  withSalesTypeRule(
    z.object({
      ...dealFields,
      transactionType: newDealFields.shape.transactionType,
      effectiveDate: requiredDate(newDealFields.shape.effectiveDate),
      dealStatus: newDealFields.shape.dealStatus,
      salesType: newDealFields.shape.salesType,
      salesGroup: newDealFields.shape.salesGroup,
    }),
    'salesType',
  ),
);
export type NewDealValues = z.output<typeof newDealSchema>;

/** The checked form as adddeals takes it. */
export function toNewDeal(id: number, v: NewDealValues): NewDealRequest {
  return {
    id,
    customerName: v.customerName,
    transactionType: v.transactionType,
    product: v.product,
    tcvValue: v.tcv,
    effectiveDate: v.effectiveDate,
    dealStatus: v.dealStatus,
    salesType: v.salesType,
    referror: v.referror,
    agent: v.agent,
    salesGroup: v.salesGroup,
    customer_contact: v.customer_contact,
    customer_email: v.customer_email,
  };
}

/** The checked form as editdeals takes it in formData. */
export function toEditDealForm(dealid: number, v: EditDealValues): EditDealForm {
  return {
    dealid,
    customerName: v.customerName,
    transactionType: v.transactionType,
    product: v.product,
    tcv: v.tcv,
    sales_type: v.salesType,
    referror: v.referror,
    agent: v.agent,
    deal_status: v.dealStatus,
    sales_group: v.salesGroup,
    effectiveDate: v.effectiveDate,
    customer_contact: v.customer_contact,
    customer_email: v.customer_email,
  };
}

/** The checked form as addsales takes it in formData. */
export function toSaleForm(dealid: number, v: SaleValues): SaleForm {
  return {
    ...toEditDealForm(dealid, v),
    policy: v.policy,
    insurer: v.insurer,
    planName: v.planName,
    effectiveDate: v.effectiveDate,
    expiry_date: v.expiry_date,
  };
}

/** Payload keys that the form names otherwise. */
const FORM_NAMES: Record<string, keyof DealFormValues> = {
  tcvValue: 'tcv',
  sales_type: 'salesType',
  deal_status: 'dealStatus',
  sales_group: 'salesGroup',
};

/** The form fields a 400 names in its details ({ path: 'formData.tcv', message }), with their messages. */
export function serverFieldErrors(body: unknown): [keyof DealFormValues, string][] {
  const details = errorResponse.safeParse(body).data?.details ?? [];
  return details.flatMap(({ path, message }): [keyof DealFormValues, string][] => {
    const key = path.split('.').pop() ?? '';
    const name = FORM_NAMES[key] ?? key;
    return name in EMPTY_DEAL ? [[name as keyof DealFormValues, message]] : [];
  });
}
