import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldError, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { registerRequest, type RegisterRequest } from '@ahente/contract/auth';
import { errorResponse } from '@ahente/contract/common';
import { MSG } from '@ahente/contract/messages';
import { CONSENT_LABEL, CONSENT_REQUIRED_MESSAGE } from '@ahente/contract/privacy-notice';
import { useRegisterMutation } from '../../api/auth';
import { isApiError, isNetworkError } from '../../api/client';
import { usePrivacyNotice } from '../../api/privacy-notice';
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
import { noticeVersionLine, PrivacyNoticeView } from './privacy-notice-view';

/**
 * The registration payload of spec §3 (contract `RegisterRequest`), every field as a form string,
 * and the privacy notice's checkbox (issue 24 §1).
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
function fieldError(error: FieldError | undefined): { error?: string; invalid: boolean } {
  if (!error) return { invalid: false };
  return error.message === FIELD_REQUIRED ? { error: error.message, invalid: true } : { invalid: true };
}

/** /register (spec §2 Register, §5, §8); ?ref=CODE prefills the referral code. */
export function RegisterPage() {
  useDocumentTitle(MSG.registerTitle);
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

  const { register, handleSubmit, formState, setError } = useForm({
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

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onSubmit = async (values: z.output<typeof registerForm>) => {
    if (inFlight.current || succeeded) return;
    inFlight.current = true;
    setRefusal(null);
    try {
      await registerMutation.mutateAsync({ ...values, mname: values.mname ?? '', refCode: values.refCode ?? '' });
      setSucceeded(true);
      toast.success(MSG.registerSuccess);
      redirectTimer.current = window.setTimeout(() => navigate('/login', { state: { registered: true } }), REDIRECT_DELAY_MS);
    } catch (error) {
      if (isNetworkError(error)) {
        toast.error(MSG.serverIssue);
      } else if (isApiError(error, 429)) {
        setRefusal(error.error);
        toast.error(error.error);
      } else if (isApiError(error, 400)) {
        if (error.error === MSG.registerInvalidReferral) {
          setError('refCode', { type: 'server', message: '' });
          toast.error(MSG.registerInvalidReferral);
        } else {
          markServerFields(error.body);
          toast.warning(error.error);
        }
      } else {
        toast.error(MSG.registerFailed);
      }
    } finally {
      inFlight.current = false;
    }
  };

  /** A missing field is the spec's error toast; otherwise the first rule broken, as a warning. */
  const onInvalid = (found: FieldErrors<RegisterValues>) => {
    const messages = Object.values(found).map((error) => error?.message);
    if (messages.includes(FIELD_REQUIRED)) toast.error(MSG.registerMissing);
    else if (messages[0] === MSG.registerInvalidReferral) toast.error(MSG.registerInvalidReferral);
    else toast.warning(messages[0] ?? MSG.registerFailed);
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
      headline="Start building your insurance business."
      lead="Join the Ahente agent network: quote, close and track policies, and earn from the team you build."
      points={['Join in a minute, free of charge', 'Mentoring from your sponsor and managers', 'Training materials from day one']}
    >
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{MSG.registerTitle}</h1>
        <p className="mt-2 text-sm text-slate-500">
          All fields are required unless marked optional. An administrator approves new accounts.
        </p>
      </div>

      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit, onInvalid)(event)}
        aria-label={MSG.registerTitle}
        className="mt-8 grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2"
      >
        <Field label="Username" {...fieldError(errors.username)} hint="Letters, digits, dots, dashes, underscores.">
          <Input {...register('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} required />
        </Field>
        <Field label="Password" {...fieldError(errors.password)} hint="At least 8 characters.">
          <Input {...register('password')} type="password" autoComplete="new-password" required />
        </Field>
        <Field label="Last Name" {...fieldError(errors.lname)}>
          <Input {...register('lname')} autoComplete="family-name" required />
        </Field>
        <Field label="First Name" {...fieldError(errors.fname)}>
          <Input {...register('fname')} autoComplete="given-name" required />
        </Field>
        <Field label="Middle Name (optional)" {...fieldError(errors.mname)}>
          <Input {...register('mname')} autoComplete="additional-name" />
        </Field>
        <Field label="Email" {...fieldError(errors.email)}>
          <Input {...register('email')} type="email" autoComplete="email" spellCheck={false} required />
        </Field>
        <Field label="Contact Number" {...fieldError(errors.contact)} hint="Digits only, up to 11.">
          <Input
            {...cleaningContact(register('contact'))}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="09171234567"
            required
          />
        </Field>
        <Field label="Referral Code" {...fieldError(errors.refCode)} hint="Optional: your sponsor's code.">
          <Input
            {...register('refCode')}
            autoCapitalize="characters"
            spellCheck={false}
            className="tracking-wider uppercase placeholder:tracking-normal placeholder:normal-case"
            placeholder="e.g. K7QH2MWP"
          />
        </Field>

        <div className="flex flex-col gap-3 sm:col-span-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
            <h2 id={noticeTitleId} className="text-sm font-medium text-slate-700">
              Privacy Notice
            </h2>
            {notice.data && <p className="text-xs text-slate-500">{noticeVersionLine(notice.data)}</p>}
          </div>
          <PrivacyNoticeView query={notice} labelledBy={noticeTitleId} className="max-h-52" />
          <div>
            <Checkbox
              {...register('consent')}
              label={CONSENT_LABEL}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? consentErrorId : undefined}
            />
            {errors.consent && (
              <p id={consentErrorId} className="mt-1.5 pl-6 text-xs font-medium text-red-700">
                {errors.consent.message || CONSENT_REQUIRED_MESSAGE}
              </p>
            )}
          </div>
        </div>

        <div className="flex flex-col gap-3 sm:col-span-2">
          {refusal && <Notice tone="error">{refusal}</Notice>}
          <Button type="submit" size="lg" fullWidth loading={busy}>
            Sign Up
          </Button>
        </div>
      </form>

      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthShell>
  );
}
