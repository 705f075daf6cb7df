import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { registerRequest, type RegisterRequest } from '@ahente/contract/auth';
import { MSG } from '@ahente/contract/messages';
import { useRegisterMutation } from '../../api/auth';
import { isApiError, isNetworkError } from '../../api/client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { toast } from '../../ui/toast';
import { AuthShell } from './auth-shell';

/** The registration payload of spec §3 (contract `RegisterRequest`), every field as a form string. */
type RegisterValues = { [K in keyof RegisterRequest]-?: string };

const REQUIRED: readonly (keyof RegisterValues)[] = ['username', 'password', 'email', 'lname', 'fname', 'contact'];
const FIELDS = new Set<string>(['username', 'password', 'lname', 'fname', 'mname', 'email', 'contact', 'refCode']);

/** After 'Registration Success' the page moves to /login after this pause. */
const REDIRECT_DELAY_MS = 1500;

/**
 * A field's error state: "This field is required" is shown under the field; other messages are
 * shown once, in the toast, so the field is only marked invalid.
 */
function fieldError(error: { message?: string } | undefined): { error?: string; invalid: boolean } {
  if (!error) return { invalid: false };
  return error.message ? { error: error.message, invalid: true } : { invalid: true };
}

/** Digits only, at most 11 (spec §5, §9). */
export function cleanContact(value: string): string {
  return value.replace(/\D/g, '').slice(0, 11);
}

/** /register (spec §2 Register, §5, §8); ?ref=CODE prefills the referral code. */
export function RegisterPage() {
  useDocumentTitle(MSG.registerTitle);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const registerMutation = useRegisterMutation();
  const [succeeded, setSucceeded] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  // One registration request at a time (no double submit).
  const inFlight = useRef(false);

  const { register, handleSubmit, formState, setError, clearErrors } = useForm<RegisterValues>({
    defaultValues: {
      username: '',
      password: '',
      lname: '',
      fname: '',
      mname: '',
      email: '',
      contact: '',
      refCode: params.get('ref') ?? '',
    },
  });
  const errors = formState.errors;

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const contactField = register('contact');
  const onContactChange = (event: ChangeEvent<HTMLInputElement>) => {
    const cleaned = cleanContact(event.target.value);
    if (cleaned !== event.target.value) event.target.value = cleaned;
    return contactField.onChange(event);
  };

  const onSubmit = async (values: RegisterValues) => {
    if (inFlight.current || succeeded) return;
    clearErrors();
    const missing = REQUIRED.filter((name) => values[name].trim() === '');
    if (missing.length > 0) {
      missing.forEach((name, i) => setError(name, { message: 'This field is required' }, { shouldFocus: i === 0 }));
      toast.error(MSG.registerMissing);
      return;
    }

    // The contract's rules (the server checks the same): show them next to the fields.
    const parsed = registerRequest.safeParse({ ...values, contact: cleanContact(values.contact) });
    if (!parsed.success) {
      parsed.error.issues.forEach((issue, i) => {
        const name = String(issue.path[0] ?? '');
        if (FIELDS.has(name)) setError(name as keyof RegisterValues, { message: '' }, { shouldFocus: i === 0 });
      });
      const first = parsed.error.issues[0]?.message ?? MSG.registerFailed;
      if (first === MSG.registerInvalidReferral) toast.error(first);
      else toast.warning(first);
      return;
    }

    inFlight.current = true;
    try {
      await registerMutation.mutateAsync({
        username: parsed.data.username,
        password: parsed.data.password,
        email: parsed.data.email,
        lname: parsed.data.lname,
        fname: parsed.data.fname,
        mname: parsed.data.mname ?? '',
        contact: parsed.data.contact,
        refCode: parsed.data.refCode ?? '',
      });
      setSucceeded(true);
      toast.success(MSG.registerSuccess);
      redirectTimer.current = window.setTimeout(
        () => navigate('/login', { state: { registered: true } }),
        REDIRECT_DELAY_MS,
      );
    } catch (error) {
      if (isNetworkError(error)) {
        toast.error(MSG.serverIssue);
      } else if (isApiError(error, 400)) {
        if (error.error === MSG.registerInvalidReferral) {
          setError('refCode', { message: '' });
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

  /** Marks the fields a 400 names (details[].path, or the field its text starts with). */
  function markServerFields(body: unknown) {
    const details = (body as { details?: { path?: unknown }[] } | null)?.details;
    if (Array.isArray(details)) {
      for (const d of details) {
        const name = typeof d.path === 'string' ? d.path.split('.')[0] : '';
        if (name && FIELDS.has(name)) setError(name as keyof RegisterValues, { message: '' });
      }
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
        onSubmit={handleSubmit(onSubmit)}
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
            {...contactField}
            onChange={onContactChange}
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

        <div className="sm:col-span-2">
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
