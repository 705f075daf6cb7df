import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark, RotateCw } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { MSG } from '@ahente/contract/messages';
import { isApiError, serverFieldErrors } from '../../api/client';
import { useAddBankMutation, useUserBanks } from '../settings';
import { BANK_KEYS, bankFieldError, bankFormSchema, bankFormValues, type BankOutput, type BankValues } from '../../lib/bank-form';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Notice, type NoticeTone } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';

/**
 * The bank details sub-form of the admin edit modal: Bank, Account Number and Account Name, read
 * from getuserbanks and saved with adduserbanks by its own button. A member saves their details
 * once (Settings → Bank Details); after that only an administrator changes them, here. A form of
 * its own beside the member's: saving it is not a member change, and the modal's Save ignores it.
 */
export function BankForm({ memberId }: { memberId: number }) {
  const banks = useUserBanks(memberId);
  const addBank = useAddBankMutation();
  const headingId = useId();
  const [notice, setNotice] = useState<{ tone: NoticeTone; text: string; detail?: string; seq: number } | null>(null);
  const say = (tone: NoticeTone, text: string, detail?: string) =>
    setNotice((current) => ({ tone, text, detail, seq: (current?.seq ?? 0) + 1 }));

  const bank = banks.data?.[0];
  const loaded = useMemo(() => bankFormValues(bank), [bank]);
  const form = useForm<BankValues, unknown, BankOutput>({ resolver: zodResolver(bankFormSchema), defaultValues: loaded });
  const { errors } = form.formState;

  // The details as loaded (and reloaded), without overwriting what the administrator is typing.
  useEffect(() => {
    form.reset(loaded, { keepDirtyValues: true });
  }, [loaded, form]);

  // One request at a time, even for an Enter pressed while the button is busy.
  const sending = useRef(false);
  const save = async (values: BankOutput) => {
    if (sending.current) return;
    sending.current = true;
    setNotice(null);
    try {
      const { bank: saved } = await addBank.mutateAsync({ id: memberId, ...values });
      // What the server keeps (the account number as digits).
      form.reset(bankFormValues(saved));
      say('success', MSG.bankSavedByAdmin);
    } catch (error) {
      say('error', MSG.bankSaveFailed, isApiError(error) && error.status < 500 ? error.error : undefined);
      for (const [name, message] of serverFieldErrors(error, BANK_KEYS)) form.setError(name, { type: 'server', message });
    } finally {
      sending.current = false;
    }
  };

  const refuse = (found: FieldErrors<BankValues>) => {
    const blank = Object.values(found).some((error) => error?.message === MSG.fillAllFields);
    if (blank) say('warning', MSG.fillAllFields);
    else say('error', MSG.bankSaveFailed, 'Check the fields marked in red.');
  };

  const busy = addBank.isPending || form.formState.isSubmitting;

  return (
    <form
      aria-labelledby={headingId}
      aria-busy={busy || banks.isPending || undefined}
      noValidate
      onSubmit={(event) => void form.handleSubmit(save, refuse)(event)}
      className="rounded-lg border border-slate-200 bg-slate-50/60 p-4"
    >
      <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Landmark aria-hidden="true" className="size-4 text-slate-500" />
        Bank Details
      </h4>

      {banks.isPending ? (
        <div className="mt-3 flex flex-col gap-3">
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4 text-brand-700" />
            <span role="status">Loading bank details…</span>
          </p>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {BANK_KEYS.map((key) => (
              <Skeleton key={key} className="h-16 w-full" />
            ))}
          </div>
        </div>
      ) : banks.isError ? (
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
          <p className="font-medium text-slate-700">The bank details could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void banks.refetch()} loading={banks.isFetching}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-500">
            {bank ? "The account this member's commissions are paid into." : 'No bank details on file.'}
          </p>
          <div className="mt-3 grid grid-cols-1 gap-4 md:grid-cols-3">
            <Field label="Bank" {...bankFieldError(errors.bank_name)}>
              <Input autoComplete="off" placeholder="e.g. BDO Unibank" {...form.register('bank_name')} />
            </Field>
            <Field label="Account Number" {...bankFieldError(errors.account_number)} hint="Digits; spaces and dashes are fine.">
              <Input inputMode="numeric" autoComplete="off" className="tabular-nums" {...form.register('account_number')} />
            </Field>
            <Field label="Account Name" {...bankFieldError(errors.account_name)} hint="As printed on the passbook.">
              <Input autoComplete="off" {...form.register('account_name')} />
            </Field>
          </div>
          {notice && (
            <Notice key={notice.seq} tone={notice.tone} detail={notice.detail} className="mt-3">
              {notice.text}
            </Notice>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" size="sm" loading={busy}>
              Save Bank Details
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
