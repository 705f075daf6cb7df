import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { DealRecord } from '@ahente/contract/deals';
import { hasAnnualTerm } from '@ahente/contract/portfolio-rules';
import { isApiError } from '../../api/client';
import { useInsurerOptions } from '../insurers';
import { useAddSaleMutation } from '../sales';
import { useCurrentUser } from '../../api/session';
import { setRefs } from '../../lib/set-refs';
import { toast } from '../../ui/toast';
import { DealFields, EffectiveDateField, ExpiryDateField, TextField, useServerError } from './deal-form';
import { dealToForm, expiryFor, saleSchema, toSaleForm, type DealFormValues, type SaleValues } from './deal-form-schema';
import { DealFormModal } from './deal-modal';
import { SaleLicenceWarning } from './sale-licence-warning';
import { useLanguage } from '../../i18n';

interface AddSaleModalProps {
  deal: DealRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Make as Sales' on the Deals Table: the deal's values plus policy number, insurer, plan name and
 * the sale's effective date, saved with addsales. A deal is sold once: a 409 says so and the form
 * stays closed to a second try.
 *
 * The expiry date (decision 025) starts as the effective date plus a year less a day and follows
 * the effective date until the agent changes it; a product without an annual term (a Memorial Plan)
 * has none. A renewal deal brings the insurer of the policy it renews.
 *
 * Before the sale is saved, a product no verified licence of the member's covers today is said to
 * have its commission held, with the way to Settings, Licences (decision 018).
 */
export function AddSaleModal({ deal, open, onOpenChange }: AddSaleModalProps) {
  const user = useCurrentUser();
  const addSale = useAddSaleMutation();
  const firstField = useRef<HTMLInputElement>(null);
  const insurerOptions = useInsurerOptions();
  const insurerListId = useId();
  const form = useForm<DealFormValues, unknown, SaleValues>({
    resolver: zodResolver(saleSchema),
    defaultValues: dealToForm(deal),
  });
  const serverError = useServerError(form.setError);
  const { t } = useLanguage();
  const [alreadySold, setAlreadySold] = useState(deal.sold);

  // The expiry date follows the effective date (and the product's term) until the agent edits it;
  // emptied (or emptied by a product without a term), it follows again.
  const [expiryEdited, setExpiryEdited] = useState(false);
  const [product, effectiveDate] = useWatch({ control: form.control, name: ['product', 'effectiveDate'] });
  const annual = hasAnnualTerm(product);
  const { setValue, getValues } = form;
  useEffect(() => {
    const current = getValues('expiry_date');
    if (!annual) {
      if (current !== '') setValue('expiry_date', '');
      return;
    }
    if (expiryEdited && current !== '') return;
    const next = expiryFor(product, effectiveDate);
    if (next !== current) setValue('expiry_date', next);
  }, [annual, product, effectiveDate, expiryEdited, setValue, getValues]);

  const save = async (values: SaleValues) => {
    serverError.clear();
    try {
      await addSale.mutateAsync({ id: user.memberId, formData: toSaleForm(deal.id, values) });
      toast.success(t('dealDialogs.saleAdded'));
      onOpenChange(false);
    } catch (error) {
      toast.error(t('dealDialogs.saleSaveFailed'));
      if (isApiError(error, 409)) setAlreadySold(true);
      else if (isApiError(error) && error.status < 500) serverError.show(error);
    }
  };

  const refuse = () => {
    serverError.clear();
    toast.error(t('dealDialogs.saleSaveFailed'));
  };

  const { register, formState } = form;
  const policy = register('policy');
  const locked = addSale.isPending || alreadySold;

  return (
    <DealFormModal
      open={open}
      onOpenChange={onOpenChange}
      title={t('dealDialogs.saleTitle')}
      description={t('dealDialogs.saleDescription', { id: deal.id, customer: deal.customer_name })}
      initialFocus={firstField}
      onSubmit={form.handleSubmit(save, refuse)}
      saving={addSale.isPending || formState.isSubmitting}
      serverError={serverError.message}
      submitLabel={t('dealDialogs.saveSale')}
      submitDisabled={alreadySold}
      cancelLabel={alreadySold ? t('dealDialogs.close') : t('dealDialogs.cancel')}
    >
      {alreadySold && (
        <p
          role="status"
          className="mb-5 flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-800"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('dealDialogs.alreadySold')}
        </p>
      )}
      {!alreadySold && <SaleLicenceWarning memberId={user.memberId} product={product} />}

      <fieldset disabled={locked} className="min-w-0">
        <legend className="text-sm font-semibold text-slate-900">{t('dealDialogs.policy')}</legend>
        <p className="mb-3 text-xs text-slate-500">{t('dealDialogs.policyOptional')}</p>
        <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
          <TextField
            label={t('dealDialogs.policyNumber')}
            error={formState.errors.policy?.message}
            {...policy}
            ref={(element: HTMLInputElement | null) => setRefs(element, policy.ref, firstField)}
            maxLength={200}
          />
          {/* The active insurers offered (decision 037); any other name is still taken, as typed. */}
          <TextField
            label={t('dealDialogs.insurer')}
            error={formState.errors.insurer?.message}
            {...register('insurer')}
            list={insurerListId}
            maxLength={200}
          />
          <datalist id={insurerListId}>
            {insurerOptions.data?.insurers.map((i) => (
              <option key={i.id} value={i.name} />
            ))}
          </datalist>
          <TextField
            label={t('dealDialogs.planName')}
            error={formState.errors.planName?.message}
            {...register('planName')}
            maxLength={200}
          />
          <EffectiveDateField error={formState.errors.effectiveDate?.message} {...register('effectiveDate')} />
          <ExpiryDateField
            error={formState.errors.expiry_date?.message}
            annualTerm={annual}
            min={effectiveDate || undefined}
            {...register('expiry_date', {
              onChange: (event: { target: HTMLInputElement }) => setExpiryEdited(event.target.value !== ''),
            })}
          />
        </div>
      </fieldset>

      <fieldset disabled={locked} className="mt-6 min-w-0 border-t border-slate-100 pt-5">
        <legend className="sr-only">{t('dealDialogs.deal')}</legend>
        <p aria-hidden="true" className="mb-3 text-sm font-semibold text-slate-900">
          {t('dealDialogs.deal')}
        </p>
        <DealFields form={form} statuses="readonly" withEffectiveDate={false} />
      </fieldset>
    </DealFormModal>
  );
}
