import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useRef } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { DEAL_STATUSES } from '@ahente/contract/enums';
import { isApiError } from '../../api/client';
import { useAddDealMutation } from './deal-outbox';
import { useCurrentUser } from '../../api/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast';
import { DealFields, useServerError } from './deal-form';
import { EMPTY_DEAL, newDealSchema, toNewDeal, type DealFormValues, type NewDealValues } from './deal-form-schema';
import { DealsNav } from './deals-nav';
import { useLanguage } from '../../i18n';

/** Spec §5: a field left empty reads "… is required"; any other refusal is a wrong value. */
const isMissing = (message: string | undefined) => typeof message === 'string' && /is required/i.test(message);

/** /deals/dealsinput: the new-deal form with Save Deal. */
export function DealsInputPage() {
  const user = useCurrentUser();
  const addDeal = useAddDealMutation();
  const { t } = useLanguage();
  const form = useForm<DealFormValues, unknown, NewDealValues>({
    resolver: zodResolver(newDealSchema),
    defaultValues: EMPTY_DEAL,
  });
  const serverError = useServerError(form.setError);
  const customerNameRef = useRef<HTMLInputElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);

  const save = async (values: NewDealValues) => {
    serverError.clear();
    try {
      const { queued } = await addDeal.mutateAsync(toNewDeal(user.memberId, values));
      // With no signal the deal waits on this device and is sent when the connection returns
      // (decision 028).
      if (queued) toast.info(t('dealSync.queued'));
      else toast.success(t('deals.saved'));
      form.reset(EMPTY_DEAL);
      // Ready for the next deal (the fields were disabled while saving, so focus was lost).
      window.requestAnimationFrame(() => customerNameRef.current?.focus());
    } catch (error) {
      toast.error(t('deals.saveFailed'));
      if (isApiError(error, 400)) serverError.show(error);
      window.requestAnimationFrame(() => saveRef.current?.focus());
    }
  };

  // Spec §5: a missing required field is 'Failed to Save Missing Fields'; a wrong value (a TCV
  // that is not a number) is explained under its field.
  const refuse = (errors: FieldErrors<DealFormValues>) => {
    serverError.clear();
    toast.error(Object.values(errors).some((error) => isMissing(error?.message)) ? t('deals.missingFields') : t('deals.saveFailed'));
  };

  const saving = addDeal.isPending;

  return (
    <>
      <DealsNav />
      <PageHeader title={t('deals.inputTitle')} description={t('deals.inputDescription')} />

      <Card className="max-w-4xl">
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit(save, refuse)(event)}
          aria-label={t('deals.newDeal')}
          aria-busy={saving || undefined}
        >
          <div className="px-5 py-5 sm:px-6 sm:py-6">
            <DealFields form={form} statuses={DEAL_STATUSES} disabled={saving} customerNameRef={customerNameRef} />
            {serverError.message && (
              <p className="mt-5 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{serverError.message}</p>
            )}
          </div>
          <div className="flex flex-col gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
            <p className="text-xs text-slate-500">{t('deals.required')}</p>
            <Button ref={saveRef} type="submit" loading={saving || form.formState.isSubmitting} className="w-full shrink-0 sm:w-auto">
              {!saving && <Save aria-hidden="true" />}
              {t('deals.save')}
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
