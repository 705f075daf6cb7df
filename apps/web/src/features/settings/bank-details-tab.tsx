import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, Save } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { MSG } from '@ahente/contract/messages';
import type { BankRecord } from '@ahente/contract/settings';
import { useAddBankMutation, useUserBanks } from './api';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { BANK_KEYS, bankFieldError, bankFormSchema, bankFormValues, type BankOutput, type BankValues } from '../../lib/bank-form';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { LoadError } from './load-error';
import { withReason } from './settings-errors';
import { serverFieldErrors } from '../../api/client';

/**
 * Says how a load went, once per load: 'No Details Found' (warning) for an empty list, 'Server
 * Error' (error) for a failure.
 */
function useLoadToasts(query: ReturnType<typeof useUserBanks>) {
  const { t } = useLanguage();
  const said = useRef<number>(0);
  const empty = query.isSuccess && query.data.length === 0;
  const at = query.isError ? query.errorUpdatedAt : query.dataUpdatedAt;
  useEffect(() => {
    if (at === 0 || at === said.current) return;
    if (query.isError) {
      said.current = at;
      toast.error(t('settings.bank.serverError'));
    } else if (empty) {
      said.current = at;
      toast.warning(t('settings.bank.noDetailsFound'));
    }
  }, [at, empty, query.isError, t]);
}

/**
 * /settings/bankdetails (decision 015): Bank, Account Number and Account Name. Save shows only
 * while one of the three loaded values is empty: once saved, the details are read-only here (an
 * administrator changes them).
 */
export function BankDetailsTab() {
  const user = useCurrentUser();
  const banks = useUserBanks(user.memberId);
  const { t } = useLanguage();
  useLoadToasts(banks);

  if (banks.isSuccess) return <BankForm bank={banks.data[0]} memberId={user.memberId} reloading={banks.isFetching} />;
  return (
    <CardSection title={t('settings.bank.title')} description={t('settings.bank.description')} aria-busy={banks.isPending || undefined}>
      {banks.isError ? (
        <LoadError message={t('settings.bank.loadFailed')} retrying={banks.isFetching} onRetry={() => void banks.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4 text-brand-700" />
            <span role="status">{t('settings.bank.loading')}</span>
          </p>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
            {BANK_KEYS.map((key) => (
              <Skeleton key={key} className="h-16 w-full" />
            ))}
          </div>
        </div>
      )}
    </CardSection>
  );
}

function BankForm({ bank, memberId, reloading }: { bank: BankRecord | undefined; memberId: number; reloading: boolean }) {
  const addBank = useAddBankMutation();
  const { t } = useLanguage();
  const loaded = useMemo(() => bankFormValues(bank), [bank]);
  // Save shows only while any of the three (as loaded) is empty.
  const editable = BANK_KEYS.some((key) => loaded[key].trim() === '');
  const form = useForm<BankValues, unknown, BankOutput>({ resolver: zodResolver(bankFormSchema), defaultValues: loaded });
  const { errors } = form.formState;

  // A reload after saving shows what the server keeps.
  useEffect(() => {
    form.reset(loaded);
  }, [loaded, form]);

  const save = async (values: BankOutput) => {
    if (addBank.isPending) return;
    try {
      await addBank.mutateAsync({ id: memberId, ...values });
      toast.success(t('settings.bank.saved'));
    } catch (error) {
      toast.error(withReason(t('settings.bank.saveFailed'), error));
      for (const [name, message] of serverFieldErrors(error, BANK_KEYS)) form.setError(name, { type: 'server', message });
    }
  };

  const refuse = (found: FieldErrors<BankValues>) => {
    const messages = Object.values(found).map((error) => error?.message);
    if (messages.includes(MSG.fillAllFields)) toast.warning(t('settings.bank.fillAllFields'));
  };

  const busy = addBank.isPending || form.formState.isSubmitting;

  return (
    <CardSection title={t('settings.bank.title')} description={t('settings.bank.description')} aria-busy={busy || undefined}>
      <form noValidate aria-label={t('settings.bank.formLabel')} onSubmit={(event) => void form.handleSubmit(save, refuse)(event)}>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
          <Field label={t('settings.bank.bank')} {...bankFieldError(errors.bank_name)}>
            <Input
              readOnly={!editable}
              autoComplete="off"
              placeholder={editable ? t('settings.bank.bankPlaceholder') : undefined}
              {...form.register('bank_name')}
            />
          </Field>
          <Field
            label={t('settings.bank.accountNumber')}
            {...bankFieldError(errors.account_number)}
            hint={editable ? t('settings.bank.accountNumberHint') : undefined}
          >
            <Input
              readOnly={!editable}
              inputMode="numeric"
              autoComplete="off"
              className="tabular-nums"
              {...form.register('account_number')}
            />
          </Field>
          <Field
            label={t('settings.bank.accountName')}
            {...bankFieldError(errors.account_name)}
            hint={editable ? t('settings.bank.accountNameHint') : undefined}
          >
            <Input readOnly={!editable} autoComplete="off" {...form.register('account_name')} />
          </Field>
        </div>
        <div className="-mx-5 mt-5 -mb-5 flex flex-col gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
          {editable ? (
            <>
              <p className="text-xs text-slate-500">{t('settings.bank.required')}</p>
              <Button type="submit" loading={busy || reloading} className="w-full shrink-0 sm:w-auto">
                {!(busy || reloading) && <Save aria-hidden="true" />}
                {t('settings.save')}
              </Button>
            </>
          ) : (
            <p className="flex items-start gap-2 text-sm text-slate-600">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              {t('settings.bank.locked')}
            </p>
          )}
        </div>
      </form>
    </CardSection>
  );
}
