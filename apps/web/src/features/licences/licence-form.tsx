import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { addLicenseRequest, type AddLicense } from '@ahente/contract/licences';
import { defaultLicenseExpiry, LICENSE_LINES } from '@ahente/contract/licence-rules';
import { serverFieldErrors, serverReason } from '../../api/client';
import { useAddLicence } from './api';
import { useMemberMatches } from '../members';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { formatCalendarDate } from '../../lib/dates';
import { formSchemaFor } from '../../lib/form-schema';
import { ID_DOCUMENT_ACCEPT, idDocumentProblem } from '../../lib/id-document';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { MemberSelect } from '../../ui/member-select';
import { Select } from '../../ui/select';
import { toast } from '../../ui/toast';

/** What the inputs hold: text, '' for nothing; `id` is the member the licence is for. */
interface LicenceValues {
  id: string;
  line: string;
  license_no: string;
  insurer: string;
  issued_on: string;
  expires_on: string;
}
const FIELDS = ['id', 'line', 'license_no', 'insurer', 'issued_on', 'expires_on'] as const;
/** The contract's rules (the server checks the same), with Expires on after Issued on. */
const licenceFormSchema = formSchemaFor<LicenceValues>()(addLicenseRequest);

const LINE_OPTIONS = LICENSE_LINES.map((line) => ({ value: line, label: line }));

interface LicenceFormProps {
  /**
   * 'own': the signed-in member's licence (saved pending). 'admin': a licence for a member the
   * admin finds by name (saved verified at once).
   */
  mode: 'own' | 'admin';
}

/**
 * Line, Licence number, Insurer (optional), Issued on, Expires on and an optional scan. Expires on
 * proposes the statutory term from Issued on (31 December of the third year after issue) until it
 * is changed by hand.
 */
export function LicenceForm({ mode }: LicenceFormProps) {
  const user = useCurrentUser();
  const add = useAddLicence();
  const { t } = useLanguage();
  const empty: LicenceValues = {
    id: mode === 'own' ? String(user.memberId) : '',
    line: '',
    license_no: '',
    insurer: '',
    issued_on: '',
    expires_on: '',
  };
  const form = useForm<LicenceValues, unknown, AddLicense>({ resolver: zodResolver(licenceFormSchema), defaultValues: empty });
  const { errors } = form.formState;
  const [expiryTouched, setExpiryTouched] = useState(false);
  const [scan, setScan] = useState<File | null>(null);
  const [scanError, setScanError] = useState<string | undefined>();
  // A new key after each save: the file input and the member search start empty again.
  const [resetKey, setResetKey] = useState(0);
  const [memberName, setMemberName] = useState<ReadonlyMap<string, string>>(() => new Map());
  const busy = add.isPending || form.formState.isSubmitting;
  const [issuedOn, expiresOn] = useWatch({ control: form.control, name: ['issued_on', 'expires_on'] });
  const proposed = !expiryTouched && issuedOn !== '' && expiresOn === defaultLicenseExpiry(issuedOn);

  const issued = form.register('issued_on', {
    onChange: (event: { target: { value: string } }) => {
      if (expiryTouched) return;
      form.setValue('expires_on', defaultLicenseExpiry(event.target.value), { shouldValidate: form.formState.isSubmitted });
    },
  });
  const expires = form.register('expires_on', { onChange: () => setExpiryTouched(true) });

  const chooseScan = (file: File | undefined) => {
    const problem = file ? idDocumentProblem(file) : null;
    setScanError(problem ? t(`licences.form.idProblem.${problem}`) : undefined);
    setScan(file && !problem ? file : null);
  };

  const submit = async (licence: AddLicense) => {
    if (add.isPending) return;
    if (scanError) {
      toast.warning(t('licences.form.scanProblem', { problem: scanError }));
      return;
    }
    try {
      const saved = await add.mutateAsync({ licence, scan });
      if (mode === 'own') {
        toast.success(t('licences.form.savedOwn', { line: licence.line }));
      } else {
        const name = memberName.get(String(licence.id)) ?? t('licences.form.member', { id: licence.id });
        // An admin's own licence waits for another admin (decision 018): say what the server decided.
        toast.success(
          saved.license.status === 'verified'
            ? t('licences.form.addedVerified', { line: licence.line, name })
            : t('licences.form.addedPending', { line: licence.line, name }),
        );
      }
      form.reset(empty);
      setExpiryTouched(false);
      setScan(null);
      setScanError(undefined);
      setResetKey((k) => k + 1);
    } catch (error) {
      const fields = serverFieldErrors(error, [...FIELDS, 'scan'] as const);
      for (const [name, message] of fields) {
        if (name === 'scan') setScanError(message);
        else form.setError(name, { type: 'server', message });
      }
      const reason = serverReason(error);
      toast.error(reason ? t('licences.form.saveFailedReason', { reason }) : t('licences.form.saveFailed'));
    }
  };

  return (
    <form
      noValidate
      aria-label={mode === 'own' ? t('licences.form.own') : t('licences.form.admin')}
      aria-busy={busy || undefined}
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      className="flex flex-col gap-4"
    >
      {mode === 'admin' && (
        <MemberPicker
          key={resetKey}
          control={form.control}
          disabled={busy}
          onChosen={(value, name) => setMemberName((current) => new Map(current).set(value, name))}
        />
      )}
      <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={t('licences.form.line')} error={errors.line?.message}>
          <Select {...form.register('line')} placeholder={t('licences.form.selectLine')} options={LINE_OPTIONS} disabled={busy} />
        </Field>
        <Field label={t('licences.form.number')} error={errors.license_no?.message}>
          <Input {...form.register('license_no')} maxLength={40} autoComplete="off" disabled={busy} />
        </Field>
        <Field label={t('licences.form.insurer')} hint={t('licences.form.insurerHint')} error={errors.insurer?.message}>
          <Input {...form.register('insurer')} maxLength={200} autoComplete="off" disabled={busy} />
        </Field>
        <Field label={t('licences.form.issuedOn')} error={errors.issued_on?.message}>
          <Input type="date" {...issued} disabled={busy} />
        </Field>
        <Field
          label={t('licences.form.expiresOn')}
          error={errors.expires_on?.message}
          hint={proposed ? t('licences.form.proposed', { date: formatCalendarDate(expiresOn) }) : t('licences.form.term')}
        >
          <Input type="date" {...expires} disabled={busy} />
        </Field>
        <Field
          label={t('licences.form.scan')}
          error={scanError}
          hint={scan ? t('licences.form.willBeSent', { name: scan.name }) : t('licences.form.scanHint')}
        >
          <Input
            key={resetKey}
            type="file"
            accept={ID_DOCUMENT_ACCEPT}
            disabled={busy}
            onChange={(event) => chooseScan(event.target.files?.[0])}
            className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-brand-800 hover:file:bg-brand-100"
          />
        </Field>
      </div>
      <div className="flex justify-end border-t border-slate-100 pt-4">
        <Button type="submit" loading={busy} className="w-full sm:w-auto">
          {!busy && <Plus aria-hidden="true" />}
          {t('licences.form.add')}
        </Button>
      </div>
    </form>
  );
}

/** Choosing the member the licence is for (admins): up to 25 matches of the member search. */
function MemberPicker({
  control,
  disabled,
  onChosen,
}: {
  control: Control<LicenceValues, unknown, AddLicense>;
  disabled: boolean;
  /** The member chosen, and their name (for the toast). */
  onChosen: (value: string, name: string) => void;
}) {
  const { field, fieldState } = useController({ control, name: 'id' });
  const { matches, onSearch } = useMemberMatches();
  const { t } = useLanguage();
  return (
    <MemberSelect
      field={field}
      error={fieldState.error ? t('licences.form.chooseMember') : undefined}
      disabled={disabled}
      matches={matches}
      onSearch={onSearch}
      onChosen={onChosen}
    />
  );
}
