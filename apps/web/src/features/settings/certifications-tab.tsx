import { zodResolver } from '@hookform/resolvers/zod';
import { FileSearch, Save } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import {
  CERTIFICATION_EMPTY,
  CERTIFICATION_FIELD_NAMES,
  certificationFields,
  type Certification,
  type CertificationFieldName,
} from '@ahente/contract/settings';
import { CODING_FIELDS, TLC_FIELDS } from '@ahente/contract/settings-rules';
import { useAddCertificationMutation, useCertifications } from './api';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { formatTimestampParts } from '../../lib/dates';
import { formSchemaFor } from '../../lib/form-schema';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { LoadError } from './load-error';
import { withReason } from './settings-errors';
import { serverFieldErrors } from '../../api/client';

/** The select's value for a new entry ('Add New Certification'); '' is "nothing selected". */
const NEW = 'new';

/** What the inputs hold: text, '' for nothing. */
type CertificationValues = Record<CertificationFieldName, string>;
const EMPTY = Object.fromEntries(CERTIFICATION_FIELD_NAMES.map((key) => [key, ''])) as CertificationValues;

/** The contract's rules (the server checks the same), with its "at least one field". */
const certificationSchema = formSchemaFor<CertificationValues>()(
  z
    .object(certificationFields)
    .refine((c) => CERTIFICATION_FIELD_NAMES.some((key) => c[key] !== null), { message: CERTIFICATION_EMPTY, path: ['lfa_code'] }),
);
type CertificationOutput = z.output<typeof certificationSchema>;

const CODE_FIELDS = [
  { key: 'lfa_code', label: 'LFA Code' },
  { key: 'cirm_code', label: 'CIRM Code' },
] as const;

type FieldSpec = { key: CertificationFieldName; label: string };
type RenderField = (field: FieldSpec, kind: 'code' | 'date') => ReactNode;

/**
 * /settings/certifications (decision 015): a select of 'Certification {n}' (oldest first) and 'Add
 * New Certification'. The first is selected by default; with none, the new-entry form is open. A
 * saved certification is read-only (dates as YYYY-MM-DD); Save Certification only for a new one,
 * which is then appended and selected.
 */
export function CertificationsTab() {
  const user = useCurrentUser();
  const certifications = useCertifications(user.memberId);
  const { t } = useLanguage();
  // null: nothing chosen yet, so the default (the first, or a new entry when there is none).
  const [choice, setChoice] = useState<string | null>(null);

  const list = certifications.data ?? [];
  const selected = choice ?? (list[0] ? String(list[0].certid) : NEW);
  const current = list.find((c) => String(c.certid) === selected);

  return (
    <CardSection
      title={t('settings.certifications.title')}
      description={t('settings.certifications.description')}
      aria-busy={certifications.isPending || undefined}
    >
      {certifications.isError ? (
        <LoadError
          message={t('settings.certifications.loadFailed')}
          retrying={certifications.isFetching}
          onRetry={() => void certifications.refetch()}
        />
      ) : certifications.isPending ? (
        <div className="flex flex-col gap-4">
          <Skeleton className="h-16 w-full max-w-xs" />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
          <span className="sr-only" role="status">
            {t('settings.certifications.loading')}
          </span>
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <Field label={t('settings.certifications.certification')} className="max-w-xs">
            <Select
              value={selected}
              onChange={(event) => setChoice(event.target.value)}
              placeholder={t('settings.certifications.select')}
              options={[
                ...list.map((c, index) => ({ value: String(c.certid), label: t('settings.certifications.numbered', { n: index + 1 }) })),
                { value: NEW, label: t('settings.certifications.addNew') },
              ]}
            />
          </Field>

          {selected === NEW ? (
            <NewCertificationForm memberId={user.memberId} onSaved={(saved) => setChoice(String(saved.certid))} />
          ) : current ? (
            <SavedCertification certification={current} number={list.indexOf(current) + 1} />
          ) : (
            <EmptyState
              icon={<FileSearch />}
              title={t('settings.certifications.noDataFound')}
              description={t('settings.certifications.chooseOrAdd')}
              compact
            />
          )}
        </div>
      )}
    </CardSection>
  );
}

/** The fields of a certification, in the spec's order: codes, coding dates, then 'TLC Attended'. */
function CertificationFields({ render }: { render: RenderField }) {
  const { t } = useLanguage();
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CODE_FIELDS.map((field) => render(field, 'code'))}
        {CODING_FIELDS.map((field) => render(field, 'date'))}
      </div>
      <fieldset className="min-w-0 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">{t('settings.certifications.tlcAttended')}</legend>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">{TLC_FIELDS.map((field) => render(field, 'date'))}</div>
      </fieldset>
    </div>
  );
}

/** A saved certification: read-only, dates as YYYY-MM-DD, no save button. */
function SavedCertification({ certification, number }: { certification: Certification; number: number }) {
  const { t } = useLanguage();
  const saved = formatTimestampParts(certification.createdat).date;
  return (
    <section aria-label={t('settings.certifications.numbered', { n: number })} className="flex flex-col gap-4">
      <p className="text-sm text-slate-500">{t('settings.certifications.savedOn', { date: saved })}</p>
      <CertificationFields
        render={({ key, label }) => (
          <Field key={key} label={label}>
            <Input readOnly value={certification[key]?.slice(0, key.endsWith('_code') ? undefined : 10) ?? ''} className="tabular-nums" />
          </Field>
        )}
      />
    </section>
  );
}

/** 'Add New Certification': at least one field, then Save Certification. */
function NewCertificationForm({ memberId, onSaved }: { memberId: number; onSaved: (saved: Certification) => void }) {
  const add = useAddCertificationMutation();
  const { t } = useLanguage();
  const form = useForm<CertificationValues, unknown, CertificationOutput>({
    resolver: zodResolver(certificationSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const save = async (values: CertificationOutput) => {
    if (add.isPending) return;
    try {
      const saved = await add.mutateAsync({ id: memberId, ...values, createdat: new Date().toISOString() });
      toast.success(t('settings.certifications.saved'));
      onSaved(saved);
    } catch (error) {
      toast.error(withReason(t('settings.certifications.saveFailed'), error));
      for (const [name, message] of serverFieldErrors(error, CERTIFICATION_FIELD_NAMES)) form.setError(name, { type: 'server', message });
    }
  };

  // Nothing filled in: say so once (the toast), nothing is sent.
  const refuse = (found: FieldErrors<CertificationValues>) => {
    if (found.lfa_code?.message === CERTIFICATION_EMPTY) toast.warning(t('settings.certifications.empty'));
  };

  const busy = add.isPending || form.formState.isSubmitting;
  const messageOf = (key: CertificationFieldName) => {
    const message = errors[key]?.message;
    return message === CERTIFICATION_EMPTY ? undefined : message;
  };

  return (
    <form
      noValidate
      aria-label={t('settings.certifications.formLabel')}
      aria-busy={busy || undefined}
      onSubmit={(event) => void form.handleSubmit(save, refuse)(event)}
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-slate-500">{t('settings.certifications.fillIn')}</p>
      <CertificationFields
        render={({ key, label }, kind) => (
          <Field key={key} label={label} error={messageOf(key)}>
            <Input type={kind === 'date' ? 'date' : 'text'} autoComplete="off" disabled={busy} {...form.register(key)} />
          </Field>
        )}
      />
      <div className="flex justify-end border-t border-slate-100 pt-4">
        <Button type="submit" loading={busy} className="w-full sm:w-auto">
          {!busy && <Save aria-hidden="true" />}
          {t('settings.certifications.save')}
        </Button>
      </div>
    </form>
  );
}
