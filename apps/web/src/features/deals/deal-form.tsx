import { PRODUCT_CATALOGUE, PRODUCT_CATEGORIES } from '@ahente/contract/catalogue';
import { SALES_GROUPS, SALES_TYPES, TRANSACTION_TYPES, type DealStatus } from '@ahente/contract/enums';
import { labelOptions, type LabelKind } from '@ahente/contract/labels';
import { useState, type ReactNode, type Ref, type RefObject } from 'react';
import { useWatch, type UseFormReturn, type UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../../api/client';
import { cleaningContact } from '../../lib/contact-input';
import { setRefs } from '../../lib/set-refs';
import { Field } from '../../ui/field';
import { Input, type InputProps } from '../../ui/input';
import { Select, type SelectProps } from '../../ui/select';
import { serverFieldErrors, type DealFormValues } from './deal-form-schema';
import { useLanguage } from '../../i18n';

type DealField = keyof DealFormValues;

interface DealFieldsProps<T> {
  form: UseFormReturn<DealFormValues, unknown, T>;
  /** The deal statuses offered; 'readonly' shows the deal's status without changing it. */
  statuses: readonly DealStatus[] | 'readonly';
  /** Include the Effective Date field (the sale form has its own, next to the policy). */
  withEffectiveDate?: boolean;
  disabled?: boolean;
  /** Also gets the Customer Name input (a dialog focuses it on opening). */
  customerNameRef?: RefObject<HTMLInputElement | null>;
}

/** The fields of the deal form, two columns from `sm` up. */
export function DealFields<T>({ form, statuses, withEffectiveDate = true, disabled, customerNameRef }: DealFieldsProps<T>) {
  const { register, control, formState, setValue, clearErrors } = form;
  const [category, salesType] = useWatch({ control, name: ['category', 'salesType'] });
  const products = category ? PRODUCT_CATALOGUE[category] : [];
  const err = (name: DealField) => formState.errors[name]?.message;
  const { t } = useLanguage();

  const fields: Record<Exclude<DealField, 'referror' | 'agent' | 'policy' | 'insurer' | 'planName' | 'expiry_date'>, () => ReactNode> = {
    customerName: () => {
      const field = register('customerName');
      return (
        <TextField
          key="customerName"
          label={t('dealForm.customerName')}
          error={err('customerName')}
          fieldClassName="sm:col-span-2"
          {...field}
          ref={(element: HTMLInputElement | null) => setRefs(element, field.ref, customerNameRef)}
          maxLength={100}
          required
          disabled={disabled}
        />
      );
    },
    customer_contact: () => (
      <TextField
        key="customer_contact"
        label={t('dealForm.contact')}
        error={err('customer_contact')}
        hint={t('dealForm.contactHint')}
        {...cleaningContact(register('customer_contact'))}
        type="tel"
        inputMode="numeric"
        disabled={disabled}
      />
    ),
    customer_email: () => (
      <TextField
        key="customer_email"
        label={t('dealForm.email')}
        error={err('customer_email')}
        hint={t('dealForm.emailHint')}
        {...register('customer_email')}
        type="email"
        inputMode="email"
        maxLength={254}
        disabled={disabled}
      />
    ),
    transactionType: () => (
      <SelectField
        key="transactionType"
        label={t('dealForm.transactionType')}
        error={err('transactionType')}
        {...register('transactionType')}
        placeholder={t('dealForm.transactionTypePlaceholder')}
        options={TRANSACTION_TYPES}
        kind="transactionType"
        required
        disabled={disabled}
      />
    ),
    category: () => (
      <SelectField
        key="category"
        label={t('dealForm.category')}
        error={err('category')}
        // A new category clears the product.
        {...register('category', {
          onChange: () => {
            setValue('product', '');
            clearErrors('product');
          },
        })}
        placeholder={t('dealForm.categoryPlaceholder')}
        options={PRODUCT_CATEGORIES}
        kind="productCategory"
        disabled={disabled}
      />
    ),
    product: () => (
      <SelectField
        key="product"
        label={t('dealForm.product')}
        error={err('product')}
        hint={category ? undefined : t('dealForm.productHint')}
        {...register('product')}
        placeholder={category ? t('dealForm.productPlaceholder') : '—'}
        options={products}
        kind="product"
        disabled={disabled || !category}
        required
      />
    ),
    tcv: () => (
      <Field key="tcv" label={t('dealForm.tcv')} error={err('tcv')} hint={t('dealForm.tcvHint')}>
        <Input
          {...register('tcv')}
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
    effectiveDate: () => (
      <EffectiveDateField key="effectiveDate" error={err('effectiveDate')} {...register('effectiveDate')} disabled={disabled} />
    ),
    dealStatus: () =>
      statuses === 'readonly' ? (
        <Field key="dealStatus" label={t('dealForm.dealStatus')} error={err('dealStatus')}>
          <Input {...register('dealStatus')} readOnly />
        </Field>
      ) : (
        <SelectField
          key="dealStatus"
          label={t('dealForm.dealStatus')}
          error={err('dealStatus')}
          {...register('dealStatus')}
          options={statuses}
          kind="dealStatus"
          disabled={disabled}
        />
      ),
    salesGroup: () => (
      <SelectField
        key="salesGroup"
        label={t('dealForm.salesGroup')}
        error={err('salesGroup')}
        {...register('salesGroup')}
        options={SALES_GROUPS}
        kind="salesGroup"
        disabled={disabled}
      />
    ),
    salesType: () => (
      <SelectField
        key="salesType"
        label={t('dealForm.salesType')}
        error={err('salesType')}
        {...register('salesType')}
        options={SALES_TYPES}
        kind="salesType"
        disabled={disabled}
      />
    ),
  };

  // Related fields side by side from `sm` up, and the same order read top to bottom on a phone;
  // Sales Type comes last so the fields it reveals (Referror, Agent Name) follow it. Each field is
  // registered as it is rendered, in this order, so a refused form focuses the first one shown.
  const order: readonly (keyof typeof fields)[] = withEffectiveDate
    ? [
        'customerName',
        'customer_contact',
        'customer_email',
        'transactionType',
        'effectiveDate',
        'category',
        'product',
        'tcv',
        'dealStatus',
        'salesGroup',
        'salesType',
      ]
    : [
        'customerName',
        'customer_contact',
        'customer_email',
        'category',
        'product',
        'transactionType',
        'tcv',
        'dealStatus',
        'salesGroup',
        'salesType',
      ];

  return (
    <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
      {order.map((name) => fields[name]())}
      {salesType === 'Agent' && (
        <>
          <TextField
            label={t('dealForm.referror')}
            error={err('referror')}
            {...register('referror')}
            maxLength={100}
            required
            aria-required="true"
            disabled={disabled}
          />
          <TextField
            label={t('dealForm.agent')}
            error={err('agent')}
            {...register('agent')}
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

interface TextFieldProps extends InputProps {
  label: string;
  error: string | undefined;
  hint?: string | undefined;
  /** Classes of the field (label and input) rather than of the input. */
  fieldClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A free-text field of the deal or sale form (names, policy details): no autocomplete. */
export function TextField({ label, error, hint, fieldClassName, ...props }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={fieldClassName}>
      <Input autoComplete="off" {...props} />
    </Field>
  );
}

interface EffectiveDateFieldProps extends InputProps {
  error: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** The Effective Date field of the deal or sale form: a required calendar date. */
export function EffectiveDateField({ error, ...props }: EffectiveDateFieldProps) {
  const { t } = useLanguage();
  return (
    <Field label={t('dealForm.effectiveDate')} error={error}>
      <Input type="date" min="1900-01-01" max="2999-12-31" required {...props} />
    </Field>
  );
}

interface ExpiryDateFieldProps extends InputProps {
  error: string | undefined;
  /** False for a product without an annual term (a Memorial Plan): the field is empty and disabled. */
  annualTerm: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** The Expiry date of the sale form (decision 025): the policy's last day of cover, prefilled, editable. */
export function ExpiryDateField({ error, annualTerm, disabled, ...props }: ExpiryDateFieldProps) {
  const { t } = useLanguage();
  return (
    <Field label={t('dealForm.expiryDate')} error={error} hint={annualTerm ? t('dealForm.expiryHintAnnual') : t('dealForm.expiryHintNone')}>
      <Input type="date" min="1900-01-01" max="2999-12-31" {...props} disabled={disabled || !annualTerm} />
    </Field>
  );
}

interface SelectFieldProps extends Omit<SelectProps, 'options'> {
  label: string;
  error: string | undefined;
  hint?: string | undefined;
  /** The choices, as the contract spells them (each is sent so). */
  options: readonly string[];
  /** Which label map names them on screen (decision 023). */
  kind: LabelKind;
  ref?: Ref<HTMLSelectElement>;
}

/** A choice of the deal form from a fixed list: each option sends the catalogue's value and shows its label. */
function SelectField({ label, error, hint, options, kind, ...props }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      <Select options={labelOptions(kind, options)} {...props} />
    </Field>
  );
}

/** The reason the server gave for refusing a save: its text under the form, and the fields it names marked. */
export function useServerError(setError: UseFormSetError<DealFormValues>) {
  const [message, setMessage] = useState<string | null>(null);
  const show = (error: ApiError) => {
    setMessage(error.error);
    for (const [name, text] of serverFieldErrors(error.body)) setError(name, { type: 'server', message: text });
  };
  return { message, show, clear: () => setMessage(null) };
}
