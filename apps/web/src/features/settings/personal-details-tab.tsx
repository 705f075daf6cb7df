import { zodResolver } from '@hookform/resolvers/zod';
import { Download, Pencil, Save, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import { GENDERS } from '@ahente/contract/enums';
import { labelOf, labelOptions } from '@ahente/contract/labels';
import { EMAIL_PASSWORD_REQUIRED, EMAIL_PASSWORD_WRONG, personalFields, type UserDetails } from '@ahente/contract/members';
import { Link } from 'react-router';
import { useAddressLists } from './geo-api';
import { useDownloadValidIdMutation, useSavePersonalDetailsMutation, useUserDetails } from '../members';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { formatCalendarDate } from '../../lib/dates';
import { cleaningContact } from '../../lib/contact-input';
import { formSchemaFor } from '../../lib/form-schema';
import { ID_DOCUMENT_ACCEPT, idDocumentProblem } from '../../lib/id-document';
import { AddressFields } from './address-fields';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { LoadError } from './load-error';
import { withReason } from './settings-errors';
import { isApiError, serverFieldErrors } from '../../api/client';

/** The fields of the tab, in the order the form shows them. */
const PERSONAL_KEYS = [
  'f_name',
  'm_name',
  'l_name',
  'gender',
  'email',
  'contact_no',
  'birthdate',
  'address_number',
  'address_street',
  'address_region',
  'address_city',
  'address_barangay',
  'tin',
] as const;
type PersonalKey = (typeof PERSONAL_KEYS)[number];
/** What the inputs hold: text, '' for nothing. */
type PersonalValues = Record<PersonalKey, string>;

/** The contract's rules for each field (the server checks the same); `address` is not on this tab. */
const personalSchema = formSchemaFor<PersonalValues>()(z.object(personalFields).omit({ address: true }));
type PersonalOutput = z.output<typeof personalSchema>;

function toForm(details: UserDetails): PersonalValues {
  return {
    f_name: details.f_name,
    m_name: details.m_name ?? '',
    l_name: details.l_name,
    gender: details.gender ?? '',
    email: details.email,
    contact_no: details.contact_no,
    birthdate: details.birthdate?.slice(0, 10) ?? '',
    address_number: details.address_number ?? '',
    address_street: details.address_street ?? '',
    address_region: details.address_region ?? '',
    address_city: details.address_city ?? '',
    address_barangay: details.address_barangay ?? '',
    tin: details.tin ?? '',
  };
}

/** ".jpg" of "id card.JPG" (as given), or '' when the name has no extension. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

/**
 * The valid ID is renamed '{userid}_{first}_{middle}_{last}.{original extension}' before it is
 * sent; an empty middle name leaves its place empty ('12_Ana__Reyes.jpg').
 */
export function validIdFileName(userId: number, names: { f_name: string; m_name: string; l_name: string }, original: string): string {
  return `${userId}_${names.f_name.trim()}_${names.m_name.trim()}_${names.l_name.trim()}${extensionOf(original)}`;
}

/** A text with a link to the Help Center where its `{{link}}` is (the words around it translated). */
function WithHelpCenterLink({ text, label }: { text: (link: string) => string; label: string }) {
  const mark = '\u0000';
  const [before, after] = text(mark).split(mark);
  return (
    <>
      {before}
      <Link to="/helpcenter" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
        {label}
      </Link>
      {after}
    </>
  );
}

/**
 * /settings/userdetails (decision 015): read-only until Edit; then Cancel (puts the loaded values
 * back) and Save (enabled once a value differs from the loaded one), which sends one multipart
 * editMember with every field and the renamed valid ID, if one was chosen.
 */
export function PersonalDetailsTab() {
  const user = useCurrentUser();
  const details = useUserDetails(user.memberId);
  const { t } = useLanguage();

  if (details.isSuccess) return <PersonalDetailsForm details={details.data} />;
  return (
    <CardSection
      title={t('settings.personal.title')}
      description={t('settings.personal.description')}
      aria-busy={details.isPending || undefined}
    >
      {details.isError ? (
        <LoadError message={t('settings.personal.loadFailed')} retrying={details.isFetching} onRetry={() => void details.refetch()} />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 9 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
          <span className="sr-only" role="status">
            {t('settings.personal.loading')}
          </span>
        </>
      )}
    </CardSection>
  );
}

function PersonalDetailsForm({ details }: { details: UserDetails }) {
  const user = useCurrentUser();
  const save = useSavePersonalDetailsMutation();
  const download = useDownloadValidIdMutation();
  const { t } = useLanguage();
  const [editing, setEditing] = useState(false);
  const [validId, setValidId] = useState<File | null>(null);
  const [validIdError, setValidIdError] = useState<string | undefined>();
  const editButton = useRef<HTMLButtonElement>(null);
  const formId = useId();
  // One's own e-mail needs the current password (decision 027): asked for only while the e-mail
  // differs.
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const passwordInput = useRef<HTMLInputElement>(null);
  // Decision 027: once approved, an agent's names are the agency's to correct; a TIN once on file
  // too.
  const namesLocked = user.account_type !== 'admin' && user.status === 'Approved';
  const tinLocked = user.account_type !== 'admin' && details.tin !== null;

  const loaded = useMemo(() => toForm(details), [details]);
  const form = useForm<PersonalValues, unknown, PersonalOutput>({ resolver: zodResolver(personalSchema), defaultValues: loaded });
  const { errors } = form.formState;

  // In view mode the form always shows what is on record (also after a save reloaded it).
  useEffect(() => {
    if (!editing) form.reset(loaded);
  }, [editing, loaded, form]);

  const values = useWatch({ control: form.control });
  const addressLists = useAddressLists(values.address_region, values.address_city);
  const changed = validId !== null || PERSONAL_KEYS.some((key) => (values[key] ?? '') !== loaded[key]);
  const emailChanged = editing && (values.email ?? '').trim() !== loaded.email;
  const busy = save.isPending || form.formState.isSubmitting;

  const startEditing = () => {
    setEditing(true);
    window.requestAnimationFrame(() => form.setFocus('f_name'));
  };

  const stopEditing = () => {
    // Cancel puts the loaded values back (the spec's client kept the edits: not copied).
    form.reset(loaded);
    setValidId(null);
    setValidIdError(undefined);
    setCurrentPassword('');
    setPasswordError(undefined);
    setEditing(false);
    window.requestAnimationFrame(() => editButton.current?.focus());
  };

  const submit = async (output: PersonalOutput) => {
    if (!changed || save.isPending) return;
    const fields: Record<string, string> = Object.fromEntries(PERSONAL_KEYS.map((key) => [key, output[key] ?? '']));
    if (output.email !== loaded.email) {
      if (!currentPassword) {
        setPasswordError(t('settings.personal.currentPasswordRequired'));
        passwordInput.current?.focus();
        return;
      }
      fields.current_password = currentPassword;
    }
    setPasswordError(undefined);
    const file = validId
      ? new File([validId], validIdFileName(user.memberId, form.getValues(), validId.name), {
          type: validId.type,
          lastModified: validId.lastModified,
        })
      : null;
    try {
      await save.mutateAsync({ id: user.memberId, fields, validId: file });
      toast.success(t('settings.personal.saved'));
      stopEditing();
    } catch (error) {
      toast.error(withReason(t('settings.personal.saveFailed'), error));
      // A wrong or missing current password is said at its field, and it is cleared for another try.
      if (isApiError(error, 400) && (error.error === EMAIL_PASSWORD_WRONG || error.error === EMAIL_PASSWORD_REQUIRED)) {
        setCurrentPassword('');
        setPasswordError(error.error === EMAIL_PASSWORD_WRONG ? EMAIL_PASSWORD_WRONG : t('settings.personal.currentPasswordRequired'));
        passwordInput.current?.focus();
      }
      for (const [name, message] of serverFieldErrors(error, [...PERSONAL_KEYS, 'valid_id'] as const)) {
        if (name === 'valid_id') setValidIdError(message);
        else form.setError(name, { type: 'server', message }, { shouldFocus: true });
      }
    }
  };

  const chooseValidId = (file: File | undefined) => {
    const problem = file ? idDocumentProblem(file) : null;
    setValidIdError(problem ? t(`settings.idProblem.${problem}`) : undefined);
    setValidId(file && !problem ? file : null);
  };

  const readOnly = !editing;
  const text = (key: PersonalKey) => ({ readOnly, ...form.register(key) });
  const nameField = (key: PersonalKey) => ({ ...form.register(key), readOnly: readOnly || namesLocked });
  const helpCenter = t('settings.personal.helpCenter');

  return (
    <CardSection
      title={t('settings.personal.title')}
      description={editing ? t('settings.personal.editingDescription') : t('settings.personal.description')}
      actions={
        !editing && (
          <Button ref={editButton} variant="outline" size="sm" onClick={startEditing}>
            <Pencil aria-hidden="true" />
            {t('settings.personal.edit')}
          </Button>
        )
      }
    >
      <form
        id={formId}
        noValidate
        aria-label={t('settings.personal.formLabel')}
        aria-busy={busy || undefined}
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
      >
        <div className="flex flex-col gap-6">
          <Group title={t('settings.personal.nameAndContact')}>
            <Field label={t('settings.personal.firstName')} error={errors.f_name?.message}>
              <Input autoComplete="given-name" {...nameField('f_name')} />
            </Field>
            <Field label={t('settings.personal.middleName')} error={errors.m_name?.message}>
              <Input autoComplete="additional-name" {...nameField('m_name')} />
            </Field>
            <Field label={t('settings.personal.lastName')} error={errors.l_name?.message}>
              <Input autoComplete="family-name" {...nameField('l_name')} />
            </Field>
            {namesLocked && editing && (
              <p className="text-xs text-slate-500 sm:col-span-2 lg:col-span-3">
                <WithHelpCenterLink text={(link) => t('settings.personal.namesLocked', { link })} label={helpCenter} />
              </p>
            )}
            <Field label={t('settings.personal.gender')} error={errors.gender?.message}>
              {editing ? (
                <ControlledSelect
                  control={form.control}
                  name="gender"
                  placeholder={t('settings.personal.selectGender')}
                  options={labelOptions('gender', GENDERS)}
                />
              ) : (
                <Input readOnly value={values.gender ? labelOf('gender', values.gender) : ''} />
              )}
            </Field>
            <Field label={t('settings.personal.email')} error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...text('email')} />
            </Field>
            {emailChanged && (
              <Field label={t('settings.personal.currentPassword')} error={passwordError} hint={t('settings.personal.currentPasswordHint')}>
                <Input
                  ref={passwordInput}
                  type="password"
                  name="current_password"
                  autoComplete="current-password"
                  value={currentPassword}
                  onChange={(event) => {
                    setCurrentPassword(event.target.value);
                    setPasswordError(undefined);
                  }}
                />
              </Field>
            )}
            <Field
              label={t('settings.personal.contactNumber')}
              error={errors.contact_no?.message}
              hint={editing ? t('settings.personal.contactHint') : undefined}
            >
              <Input
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                readOnly={readOnly}
                {...cleaningContact(form.register('contact_no'))}
              />
            </Field>
            <Field label={t('settings.personal.birthday')} error={errors.birthdate?.message}>
              {editing ? (
                <Input type="date" autoComplete="bday" {...form.register('birthdate')} />
              ) : (
                <Input readOnly value={values.birthdate ? formatCalendarDate(values.birthdate) : ''} />
              )}
            </Field>
          </Group>

          <Group title={t('settings.personal.address')}>
            <Field label={t('settings.personal.unitNumber')} error={errors.address_number?.message}>
              <Input autoComplete="off" {...text('address_number')} />
            </Field>
            <Field label={t('settings.personal.street')} error={errors.address_street?.message} className="lg:col-span-2">
              <Input autoComplete="off" {...text('address_street')} />
            </Field>
            <AddressFields control={form.control} lists={addressLists} editing={editing} />
          </Group>

          <Group title={t('settings.personal.tax')}>
            <Field
              label={t('settings.personal.tin')}
              error={errors.tin?.message}
              hint={
                !editing ? (
                  t('settings.personal.tinNote')
                ) : tinLocked ? (
                  <WithHelpCenterLink text={(link) => t('settings.personal.tinLocked', { link })} label={helpCenter} />
                ) : (
                  t('settings.personal.tinOnce')
                )
              }
            >
              <Input
                inputMode="numeric"
                autoComplete="off"
                maxLength={40}
                placeholder={editing && !tinLocked ? '000-000-000' : undefined}
                {...form.register('tin')}
                readOnly={readOnly || tinLocked}
              />
            </Field>
          </Group>

          <Group title={t('settings.personal.validId')} single>
            {details.valid_id !== null ? (
              <ValidIdOnFile
                downloading={download.isPending}
                onDownload={() => {
                  if (download.isPending) return;
                  download.mutate(user.memberId, { onError: () => toast.error(t('settings.personal.downloadFailed')) });
                }}
              />
            ) : editing ? (
              <Field
                label={t('settings.personal.validId')}
                error={validIdError}
                hint={
                  validId
                    ? t('settings.personal.validIdSentAs', { name: validIdFileName(user.memberId, form.getValues(), validId.name) })
                    : t('settings.personal.validIdHint')
                }
                className="max-w-md"
              >
                <Input
                  type="file"
                  accept={ID_DOCUMENT_ACCEPT}
                  disabled={busy}
                  onChange={(event) => chooseValidId(event.target.files?.[0])}
                  className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-brand-800 hover:file:bg-brand-100"
                />
              </Field>
            ) : (
              <p className="text-sm text-slate-600">{t('settings.personal.noValidId')}</p>
            )}
          </Group>
        </div>

        {editing && (
          <div className="-mx-5 mt-6 -mb-5 flex flex-col-reverse gap-2 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-5 py-4 sm:flex-row sm:items-center sm:justify-end">
            {!changed && <p className="mr-auto text-xs text-slate-500">{t('settings.personal.saveHint')}</p>}
            <Button variant="outline" onClick={stopEditing} disabled={busy}>
              <X aria-hidden="true" />
              {t('settings.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!changed}>
              {!busy && <Save aria-hidden="true" />}
              {t('settings.save')}
            </Button>
          </div>
        )}
      </form>
    </CardSection>
  );
}

/** A titled group of fields: a fieldset whose legend names it. */
function Group({ title, single = false, children }: { title: string; single?: boolean; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</legend>
      <div className={single ? undefined : 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3'}>{children}</div>
    </fieldset>
  );
}

/** The valid ID on record: Download saves it under the server's name (`valid_id_{id}.{ext}`). */
function ValidIdOnFile({ downloading, onDownload }: { downloading: boolean; onDownload: () => void }) {
  const noteId = useId();
  const { t } = useLanguage();
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p id={noteId} className="text-sm text-slate-700">
        {t('settings.personal.validIdOnFile')}
      </p>
      <Button
        variant="outline"
        size="sm"
        loading={downloading}
        onClick={onDownload}
        aria-describedby={noteId}
        className="self-start sm:self-auto"
      >
        {!downloading && <Download aria-hidden="true" />}
        {t('settings.personal.download')}
      </Button>
    </div>
  );
}

/**
 * A select whose value React controls: options that arrive after the value (a city list still
 * loading) still show the saved choice.
 */
function ControlledSelect({
  control,
  name,
  placeholder,
  options,
  disabled,
  onPick,
}: {
  control: Control<PersonalValues, unknown, PersonalOutput>;
  name: PersonalKey;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  onPick?: () => void;
}) {
  const {
    field: { ref, value, onBlur, onChange },
  } = useController({ control, name });
  return (
    <Select
      ref={ref}
      name={name}
      value={value}
      onBlur={onBlur}
      onChange={(event) => {
        onChange(event.target.value);
        onPick?.();
      }}
      disabled={disabled}
      placeholder={placeholder}
      options={options}
    />
  );
}
