import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldError, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { registerRequest, type RegisterRequest } from '@ahente/contract/auth';
import { errorResponse } from '@ahente/contract/common';
import { MSG } from '@ahente/contract/messages';
import { CONSENT_REQUIRED_MESSAGE } from '@ahente/contract/privacy-notice';
import { useRegisterMutation } from './api';
import { isApiError, isNetworkError } from '../../api/client';
import { noticeVersionLine, PrivacyNoticeView, usePrivacyNotice } from '../privacy';
import { useReferralSponsor } from './referral-sponsor';
import { cleaningContact } from '../../lib/contact-input';
import { formSchemaFor } from '../../lib/form-schema';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Notice } from '../../ui/notice';
import { toast } from '../../ui/toast';
import { AuthShell } from './auth-shell';
import { pickLanguageBeforeSignIn, useLanguage } from '../../i18n';
import { LanguageChoice } from '../../i18n/language-choice';

/**
 * The registration payload (contract `RegisterRequest`), every field as a form string, and the
 * privacy notice's checkbox (decision 027).
 */
type RegisterValues = { [K in Exclude<keyof RegisterRequest, 'consent'>]-?: string } & { consent: boolean };

const FIELD_REQUIRED = 'This field is required';
const filled = z.string().refine((value) => value.trim() !== '', FIELD_REQUIRED);

/**
 * Spec §5 first (the required fields, 'This field is required' under each, and the consent under its
 * checkbox), then, once they are all filled in, the contract's rules (the server checks the same).
 */
const registerForm = formSchemaFor<RegisterValues>()(
  z
    .looseObject({
      username: filled,
      password: filled,
      lname: filled,
      fname: filled,
      email: filled,
      contact: filled,
      consent: z.literal(true, { error: CONSENT_REQUIRED_MESSAGE }),
    })
    .pipe(registerRequest),
);

/** After 'Registration Success' the page moves to /login after this pause. */
const REDIRECT_DELAY_MS = 1500;

/**
 * A field's error state: "This field is required" is shown under the field; other messages are
 * shown once, in the toast, so the field is only marked invalid.
 */
function fieldError(error: FieldError | undefined, required: string): { error?: string; invalid: boolean } {
  if (!error) return { invalid: false };
  return error.message === FIELD_REQUIRED ? { error: required, invalid: true } : { invalid: true };
}

/** A referral code as the server reads it (trimmed, upper case), or null when blank. */
const normalCode = (value: string | undefined): string | null => {
  const code = (value ?? '').trim().toUpperCase();
  return code === '' ? null : code;
};

/** /register, the sign-up form; ?ref=CODE prefills the referral code. */
export function RegisterPage() {
  const { t } = useLanguage();
  useDocumentTitle(t('register.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const registerMutation = useRegisterMutation();
  const [succeeded, setSucceeded] = useState(false);
  // A refusal the form cannot fix (too many sign-ups from this address): shown above the button until the next try.
  const [refusal, setRefusal] = useState<string | null>(null);
  const notice = usePrivacyNotice();
  const noticeTitleId = useId();
  const consentErrorId = useId();
  const redirectTimer = useRef<number | undefined>(undefined);
  // One registration request at a time (no double submit).
  const inFlight = useRef(false);

  const { register, handleSubmit, formState, setError, control } = useForm({
    resolver: zodResolver(registerForm),
    defaultValues: {
      username: '',
      password: '',
      lname: '',
      fname: '',
      mname: '',
      email: '',
      contact: '',
      refCode: params.get('ref') ?? '',
      consent: false,
    },
  });
  const errors = formState.errors;
  const required = t('register.required');

  // The sponsor's name for the code (decision 001): the prefilled one at once, a typed one when the
  // field is left (not at each key: unknown codes count against the address's limit).
  const [lookedUp, setLookedUp] = useState(() => normalCode(params.get('ref') ?? ''));
  const sponsor = useReferralSponsor(lookedUp);
  const typedCode = normalCode(useWatch({ control, name: 'refCode' }));
  const sponsorShown = lookedUp !== null && typedCode === lookedUp;
  const refCodeField = register('refCode');
  let refCodeHint = t('register.refCodeHint');
  if (sponsorShown && sponsor.data) refCodeHint = t('firstSteps.sponsorFound', { name: sponsor.data.name });
  else if (sponsorShown && isApiError(sponsor.error, 404)) refCodeHint = t('firstSteps.sponsorUnknown');

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onSubmit = async (values: z.output<typeof registerForm>) => {
    if (inFlight.current || succeeded) return;
    inFlight.current = true;
    setRefusal(null);
    try {
      await registerMutation.mutateAsync({ ...values, mname: values.mname ?? '', refCode: values.refCode ?? '' });
      setSucceeded(true);
      toast.success(t('register.success'));
      redirectTimer.current = window.setTimeout(() => navigate('/login', { state: { registered: true } }), REDIRECT_DELAY_MS);
    } catch (error) {
      if (isNetworkError(error)) {
        toast.error(t('register.serverIssue'));
      } else if (isApiError(error, 429)) {
        setRefusal(error.error);
        toast.error(error.error);
      } else if (isApiError(error, 400)) {
        if (error.error === MSG.registerInvalidReferral) {
          setError('refCode', { type: 'server', message: '' });
          toast.error(t('register.invalidReferral'));
        } else {
          markServerFields(error.body);
          toast.warning(error.error);
        }
      } else {
        toast.error(t('register.failed'));
      }
    } finally {
      inFlight.current = false;
    }
  };

  /** A missing field is the spec's error toast; otherwise the first rule broken, as a warning. */
  const onInvalid = (found: FieldErrors<RegisterValues>) => {
    const messages = Object.values(found).map((error) => error?.message);
    if (messages.includes(FIELD_REQUIRED)) toast.error(t('register.missing'));
    else if (messages[0] === MSG.registerInvalidReferral) toast.error(t('register.invalidReferral'));
    else toast.warning(messages[0] ?? t('register.failed'));
  };

  /** Marks the fields a 400 names (details[].path). */
  function markServerFields(body: unknown) {
    for (const { path } of errorResponse.safeParse(body).data?.details ?? []) {
      const name = path.split('.')[0] ?? '';
      if (name in registerRequest.shape) setError(name as keyof RegisterValues, { type: 'server', message: '' });
    }
  }

  const busy = formState.isSubmitting || succeeded;

  return (
    <AuthShell
      width="lg"
      headline={t('register.headline')}
      lead={t('register.lead')}
      points={[t('register.point1'), t('register.point2'), t('register.point3')]}
    >
      <div>
        <LanguageChoice onChoose={(language) => void pickLanguageBeforeSignIn(language)} className="mb-6" />
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{t('register.title')}</h1>
        <p className="mt-2 text-sm text-slate-500">{t('register.intro')}</p>
      </div>

      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit, onInvalid)(event)}
        aria-label={t('register.title')}
        className="mt-8 grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2"
      >
        <Field label={t('register.username')} {...fieldError(errors.username, required)} hint={t('register.usernameHint')}>
          <Input {...register('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} required />
        </Field>
        <Field label={t('register.password')} {...fieldError(errors.password, required)} hint={t('register.passwordHint')}>
          <Input {...register('password')} type="password" autoComplete="new-password" required />
        </Field>
        <Field label={t('register.lname')} {...fieldError(errors.lname, required)}>
          <Input {...register('lname')} autoComplete="family-name" required />
        </Field>
        <Field label={t('register.fname')} {...fieldError(errors.fname, required)}>
          <Input {...register('fname')} autoComplete="given-name" required />
        </Field>
        <Field label={t('register.mname')} {...fieldError(errors.mname, required)}>
          <Input {...register('mname')} autoComplete="additional-name" />
        </Field>
        <Field label={t('register.email')} {...fieldError(errors.email, required)}>
          <Input {...register('email')} type="email" autoComplete="email" spellCheck={false} required />
        </Field>
        <Field label={t('register.contact')} {...fieldError(errors.contact, required)} hint={t('register.contactHint')}>
          <Input
            {...cleaningContact(register('contact'))}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="09171234567"
            required
          />
        </Field>
        <Field label={t('register.refCode')} {...fieldError(errors.refCode, required)} hint={refCodeHint}>
          <Input
            {...refCodeField}
            onBlur={(event) => {
              void refCodeField.onBlur(event);
              setLookedUp(normalCode(event.target.value));
            }}
            autoCapitalize="characters"
            spellCheck={false}
            className="tracking-wider uppercase placeholder:tracking-normal placeholder:normal-case"
            placeholder={t('register.refCodePlaceholder')}
          />
        </Field>

        <div className="flex flex-col gap-3 sm:col-span-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
            <h2 id={noticeTitleId} className="text-sm font-medium text-slate-700">
              {t('register.privacyNotice')}
            </h2>
            {/* A line kept while the notice loads, so that nothing below it moves when it comes. */}
            <p className="text-xs text-slate-500">{notice.data ? noticeVersionLine(notice.data) : '\u00a0'}</p>
          </div>
          <PrivacyNoticeView query={notice} labelledBy={noticeTitleId} className="max-h-52" />
          <div>
            <Checkbox
              {...register('consent')}
              label={t('register.consent')}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? consentErrorId : undefined}
            />
            {errors.consent && (
              <p id={consentErrorId} className="mt-1.5 pl-6 text-xs font-medium text-red-700">
                {errors.consent.message === CONSENT_REQUIRED_MESSAGE || !errors.consent.message
                  ? t('register.consentRequired')
                  : errors.consent.message}
              </p>
            )}
          </div>
        </div>

        <div className="flex flex-col gap-3 sm:col-span-2">
          {refusal && <Notice tone="error">{refusal}</Notice>}
          <Button type="submit" size="lg" fullWidth loading={busy}>
            {t('register.signUp')}
          </Button>
        </div>
      </form>

      <p className="mt-6 text-center text-sm text-slate-600">
        {t('register.haveAccount')}{' '}
        <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline">
          {t('register.signIn')}
        </Link>
      </p>
    </AuthShell>
  );
}
