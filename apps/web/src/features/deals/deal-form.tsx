import { PRODUCT_CATALOGUE, PRODUCT_CATEGORIES, categoryOf, type ProductCategory } from '@ahente/contract/catalogue';
import type { DealRecord } from '@ahente/contract/deals';
import { useCallback, useState, type ReactNode, type Ref } from 'react';
import {
  SALES_GROUPS,
  SALES_TYPES,
  TRANSACTION_TYPES,
  type DealStatus,
  type SalesGroup,
  type SalesType,
  type TransactionType,
} from '@ahente/contract/enums';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';

/**
 * The deal form of spec §3 as the screens hold it (strings, as inputs give them). Used by the new
 * deal page and by the Edit Deal and Add Sales modals.
 */
export interface DealFormValues {
  customerName: string;
  transactionType: TransactionType | '';
  /** Not sent: it narrows the product list (spec §5). */
  category: ProductCategory | '';
  product: string;
  tcv: string;
  effectiveDate: string;
  dealStatus: DealStatus;
  salesType: SalesType;
  referror: string;
  agent: string;
  salesGroup: SalesGroup;
}

export type DealField = keyof DealFormValues;
export type FormErrors<K extends string> = Partial<Record<K, string>>;

/** The new-deal form's defaults (spec §4): For Quotation, Direct, MedicalSalesGroup. */
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
};

/** A deal read back, as form values (EDIT and Make as Sales prefill from it). */
export function dealToForm(deal: DealRecord): DealFormValues {
  return {
    customerName: deal.customer_name,
    transactionType: deal.tx_type,
    category: categoryOf(deal.product) ?? '',
    product: deal.product,
    tcv: Number.isFinite(deal.tcv) ? deal.tcv.toFixed(2) : '',
    effectiveDate: deal.effective_date.slice(0, 10),
    dealStatus: deal.deal_status,
    salesType: deal.sales_type,
    referror: deal.referror ?? '',
    agent: deal.agent ?? '',
    salesGroup: deal.sales_group,
  };
}

/** "₱1,234.50" as typed → "1234.50" (the peso sign, thousands separators and spaces are dropped). */
export function cleanTcv(text: string): string {
  return text.replace(/[\s,₱]/g, '');
}

/** Changing the category clears the product (spec §5); anything else is a plain update. */
export function applyDealChange(values: DealFormValues, patch: Partial<DealFormValues>): DealFormValues {
  const next = { ...values, ...patch };
  if (patch.category !== undefined && patch.category !== values.category) next.product = '';
  return next;
}

/**
 * Zod issues as field errors. `rename` maps payload keys to form keys (tcvValue → tcv); the first
 * message of a field wins. A missing product with no category chosen marks the category too.
 */
export function issuesToErrors<K extends string>(
  issues: readonly Issue[],
  rename: Record<string, K>,
  values: { category?: string },
): FormErrors<K | 'category'> {
  const errors: FormErrors<K | 'category'> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    const field = rename[key];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  const productKey = rename.product;
  if (productKey && errors[productKey] && !values.category) errors.category = 'Product category is required';
  return errors;
}

/** A validation issue of a contract schema (zod's shape). */
export interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** Whether an issue says a value is missing (rather than wrong). */
export function isMissing(message: string | undefined): boolean {
  return typeof message === 'string' && /is required/i.test(message);
}

interface DealFieldsProps {
  values: DealFormValues;
  onChange: (patch: Partial<DealFormValues>) => void;
  errors: FormErrors<DealField>;
  /** The deal statuses offered; 'readonly' shows the deal's status without changing it. */
  statuses: readonly DealStatus[] | 'readonly';
  /** Include the Effective Date field (the sale form has its own, next to the policy). */
  withEffectiveDate?: boolean;
  disabled?: boolean;
  /** A ref to the Customer Name input (a dialog focuses it on opening). */
  customerNameRef?: Ref<HTMLInputElement>;
}

/** The fields of the deal form (spec §3), two columns from `sm` up. */
export function DealFields({
  values,
  onChange,
  errors,
  statuses,
  withEffectiveDate = true,
  disabled,
  customerNameRef,
}: DealFieldsProps) {
  const products = values.category ? PRODUCT_CATALOGUE[values.category] : [];
  const err = (name: DealField) => errors[name];

  const fields: Record<Exclude<DealField, 'referror' | 'agent'>, ReactNode> = {
    customerName: (
      <Field key="customerName" label="Customer Name" error={err('customerName')} className="sm:col-span-2">
        <Input
          ref={customerNameRef}
          value={values.customerName}
          onChange={(e) => onChange({ customerName: e.target.value })}
          autoComplete="off"
          maxLength={100}
          required
          disabled={disabled}
        />
      </Field>
    ),
    transactionType: (
      <Field key="transactionType" label="Transaction Type" error={err('transactionType')}>
        <Select
          value={values.transactionType}
          onChange={(e) => onChange({ transactionType: e.target.value as TransactionType | '' })}
          placeholder="Select a transaction type"
          options={TRANSACTION_TYPES.map((t) => ({ value: t, label: t }))}
          required
          disabled={disabled}
        />
      </Field>
    ),
    category: (
      <Field key="category" label="Product Category" error={err('category')}>
        <Select
          value={values.category}
          onChange={(e) => onChange({ category: e.target.value as ProductCategory | '' })}
          placeholder="Select a category"
          options={PRODUCT_CATEGORIES.map((c) => ({ value: c, label: c }))}
          disabled={disabled}
        />
      </Field>
    ),
    product: (
      <Field
        key="product"
        label="Product"
        error={err('product')}
        hint={values.category ? undefined : 'Choose a product category first'}
      >
        <Select
          value={values.product}
          onChange={(e) => onChange({ product: e.target.value })}
          placeholder={values.category ? 'Select a product' : '—'}
          options={products.map((p) => ({ value: p, label: p }))}
          disabled={disabled || !values.category}
          required
        />
      </Field>
    ),
    tcv: (
      <Field key="tcv" label="TCV" error={err('tcv')} hint="Total contract value in pesos">
        <Input
          value={values.tcv}
          onChange={(e) => onChange({ tcv: e.target.value })}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          leading={<span className="text-sm font-medium text-slate-500">₱</span>}
          className="tabular-nums"
          required
          disabled={disabled}
        />
      </Field>
    ),
    effectiveDate: (
      <Field key="effectiveDate" label="Effective Date" error={err('effectiveDate')}>
        <Input
          type="date"
          value={values.effectiveDate}
          onChange={(e) => onChange({ effectiveDate: e.target.value })}
          min="1900-01-01"
          max="2999-12-31"
          required
          disabled={disabled}
        />
      </Field>
    ),
    dealStatus: (
      <Field key="dealStatus" label="Deal Status" error={err('dealStatus')}>
        {statuses === 'readonly' ? (
          <Input value={values.dealStatus} readOnly />
        ) : (
          <Select
            value={values.dealStatus}
            onChange={(e) => onChange({ dealStatus: e.target.value as DealStatus })}
            options={statuses.map((s) => ({ value: s, label: s }))}
            disabled={disabled}
          />
        )}
      </Field>
    ),
    salesGroup: (
      <Field key="salesGroup" label="Sales Group" error={err('salesGroup')}>
        <Select
          value={values.salesGroup}
          onChange={(e) => onChange({ salesGroup: e.target.value as SalesGroup })}
          options={SALES_GROUPS.map((s) => ({ value: s, label: s }))}
          disabled={disabled}
        />
      </Field>
    ),
    salesType: (
      <Field key="salesType" label="Sales Type" error={err('salesType')}>
        <Select
          value={values.salesType}
          onChange={(e) => onChange({ salesType: e.target.value as SalesType })}
          options={SALES_TYPES.map((s) => ({ value: s, label: s }))}
          disabled={disabled}
        />
      </Field>
    ),
  };

  // Related fields side by side from `sm` up, and the same order read top to bottom on a phone;
  // Sales Type comes last so the fields it reveals (Referror, Agent Name) follow it.
  const order: readonly (keyof typeof fields)[] = withEffectiveDate
    ? ['customerName', 'transactionType', 'effectiveDate', 'category', 'product', 'tcv', 'dealStatus', 'salesGroup', 'salesType']
    : ['customerName', 'category', 'product', 'transactionType', 'tcv', 'dealStatus', 'salesGroup', 'salesType'];

  return (
    <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
      {order.map((name) => fields[name])}
      {values.salesType === 'Agent' && (
        <>
          <Field label="Referror" error={err('referror')}>
            <Input
              value={values.referror}
              onChange={(e) => onChange({ referror: e.target.value })}
              autoComplete="off"
              maxLength={100}
              required
              aria-required="true"
              disabled={disabled}
            />
          </Field>
          <Field label="Agent Name" error={err('agent')}>
            <Input
              value={values.agent}
              onChange={(e) => onChange({ agent: e.target.value })}
              autoComplete="off"
              maxLength={100}
              required
              aria-required="true"
              disabled={disabled}
            />
          </Field>
        </>
      )}
    </div>
  );
}

/** The `details` of a 400 answer ({ path: 'formData.tcv', message }) as issues keyed by their last path segment. */
export function detailsToIssues(body: unknown): Issue[] {
  const details = (body as { details?: { path?: unknown; message?: unknown }[] } | null)?.details;
  if (!Array.isArray(details)) return [];
  return details.map((d) => ({
    path: [String(d.path ?? '').split('.').pop() ?? ''],
    message: String(d.message ?? ''),
  }));
}

/**
 * The deal form's state: values, field errors, and a change handler that clears the product when
 * the category changes and unmarks the fields being corrected.
 */
export function useDealForm<K extends string = never>(initial: DealFormValues | (() => DealFormValues)) {
  const [values, setValues] = useState<DealFormValues>(initial);
  const [errors, setErrors] = useState<FormErrors<DealField | K>>({});
  const onChange = useCallback((patch: Partial<DealFormValues>) => {
    setValues((current) => applyDealChange(current, patch));
    setErrors((current) => clearErrors(current, Object.keys(patch)));
  }, []);
  return { values, setValues, errors, setErrors, onChange };
}

/** `errors` without the given fields (a category change also unmarks the product). */
export function clearErrors<K extends string>(errors: FormErrors<K>, fields: readonly string[]): FormErrors<K> {
  if (!fields.some((f) => f in errors || f === 'category')) return errors;
  const next = { ...errors } as Record<string, string | undefined>;
  for (const f of fields) delete next[f];
  if (fields.includes('category')) delete next.product;
  return next as FormErrors<K>;
}

/** Moves focus to the first field marked invalid inside `root` (after React has rendered the marks). */
export function focusFirstInvalid(root: HTMLElement | null) {
  window.requestAnimationFrame(() => root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
