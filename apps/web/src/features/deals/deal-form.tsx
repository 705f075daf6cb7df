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
import { Input, type InputProps } from '../../ui/input';
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
      <TextField
        key="customerName"
        label="Customer Name"
        error={err('customerName')}
        fieldClassName="sm:col-span-2"
        ref={customerNameRef}
        value={values.customerName}
        onChange={(customerName) => onChange({ customerName })}
        maxLength={100}
        required
        disabled={disabled}
      />
    ),
    transactionType: (
      <SelectField
        key="transactionType"
        label="Transaction Type"
        error={err('transactionType')}
        value={values.transactionType}
        onChange={(transactionType) => onChange({ transactionType })}
        placeholder="Select a transaction type"
        options={TRANSACTION_TYPES}
        required
        disabled={disabled}
      />
    ),
    category: (
      <SelectField
        key="category"
        label="Product Category"
        error={err('category')}
        value={values.category}
        onChange={(category) => onChange({ category })}
        placeholder="Select a category"
        options={PRODUCT_CATEGORIES}
        disabled={disabled}
      />
    ),
    product: (
      <SelectField
        key="product"
        label="Product"
        error={err('product')}
        hint={values.category ? undefined : 'Choose a product category first'}
        value={values.product}
        onChange={(product) => onChange({ product })}
        placeholder={values.category ? 'Select a product' : '—'}
        options={products}
        disabled={disabled || !values.category}
        required
      />
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
      <EffectiveDateField
        key="effectiveDate"
        error={err('effectiveDate')}
        value={values.effectiveDate}
        onChange={(effectiveDate) => onChange({ effectiveDate })}
        disabled={disabled}
      />
    ),
    dealStatus:
      statuses === 'readonly' ? (
        <Field key="dealStatus" label="Deal Status" error={err('dealStatus')}>
          <Input value={values.dealStatus} readOnly />
        </Field>
      ) : (
        <SelectField
          key="dealStatus"
          label="Deal Status"
          error={err('dealStatus')}
          value={values.dealStatus}
          onChange={(dealStatus) => onChange({ dealStatus })}
          options={statuses}
          disabled={disabled}
        />
      ),
    salesGroup: (
      <SelectField
        key="salesGroup"
        label="Sales Group"
        error={err('salesGroup')}
        value={values.salesGroup}
        onChange={(salesGroup) => onChange({ salesGroup })}
        options={SALES_GROUPS}
        disabled={disabled}
      />
    ),
    salesType: (
      <SelectField
        key="salesType"
        label="Sales Type"
        error={err('salesType')}
        value={values.salesType}
        onChange={(salesType) => onChange({ salesType })}
        options={SALES_TYPES}
        disabled={disabled}
      />
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
          <TextField
            label="Referror"
            error={err('referror')}
            value={values.referror}
            onChange={(referror) => onChange({ referror })}
            maxLength={100}
            required
            aria-required="true"
            disabled={disabled}
          />
          <TextField
            label="Agent Name"
            error={err('agent')}
            value={values.agent}
            onChange={(agent) => onChange({ agent })}
            maxLength={100}
            required
            aria-required="true"
            disabled={disabled}
          />
        </>
      )}
    </div>
  );
}

interface TextFieldProps extends Omit<InputProps, 'value' | 'onChange'> {
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  /** Classes of the field (label and input) rather than of the input. */
  fieldClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A free-text field of the deal or sale form (names, policy details): no autocomplete. */
export function TextField({ label, error, value, onChange, fieldClassName, ref, ...props }: TextFieldProps) {
  return (
    <Field label={label} error={error} className={fieldClassName}>
      <Input ref={ref} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" {...props} />
    </Field>
  );
}

/** The Effective Date field of the deal or sale form: a required calendar date. */
export function EffectiveDateField({
  error,
  value,
  onChange,
  disabled,
}: {
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean | undefined;
}) {
  return (
    <Field label="Effective Date" error={error}>
      <Input
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        min="1900-01-01"
        max="2999-12-31"
        required
        disabled={disabled}
      />
    </Field>
  );
}

interface SelectFieldProps<V extends string> {
  label: string;
  error: string | undefined;
  hint?: string | undefined;
  value: V;
  onChange: (value: V) => void;
  /** The choices, each shown as its value. */
  options: readonly string[];
  placeholder?: string;
  required?: boolean;
  disabled?: boolean | undefined;
}

/** A choice of the deal form from a fixed list (the options are the values, as the contract lists them). */
function SelectField<V extends string>({ label, error, hint, value, onChange, options, ...props }: SelectFieldProps<V>) {
  return (
    <Field label={label} error={error} hint={hint}>
      <Select
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        options={options.map((o) => ({ value: o, label: o }))}
        {...props}
      />
    </Field>
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
