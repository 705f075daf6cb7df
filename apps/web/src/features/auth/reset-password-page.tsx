import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Lock } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { MSG } from '@ahente/contract/messages';
import { RESET_LINK_INVALID, resetPasswordRequest } from '@ahente/contract/notifications';
import { fetchLoginOptions, useResetPasswordMutation } from './api';
import { isApiError, serverFieldErrors } from '../../api/client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button, buttonClasses } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Notice } from '../../ui/notice';
import { toast } from '../../ui/toast';
import { AuthShell } from './auth-shell';

const ForgotPasswordDialog = lazy(async () => ({ default: (await import('./forgot-password-dialog')).ForgotPasswordDialog }));

const PASSWORD_RESET = 'Your password was changed. Log in with your new password.';
const PASSWORDS_DIFFER = 'Passwords do not match';
const RESET_FAILED = 'Your password could not be changed. Please try again.';

/** The rules of Settings → Security's new password, and the confirmation. */
const resetFormSchema = z
  .object({ password: resetPasswordRequest.shape.password, confirm: z.string() })
  .refine((values) => values.confirm === values.password, { path: ['confirm'], message: PASSWORDS_DIFFER });
type ResetValues = z.input<typeof resetFormSchema>;

/**
 * /reset-password?token=… (decision 026), the page of the e-mailed link, open without a session: a
 * new password, once, within 30 minutes of asking. It ends the member's other sessions; the member
 * then logs in. A link that expired or was used says so and offers a new one.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPasswordMutation();
  const [invalid, setInvalid] = useState(() => !resetPasswordRequest.shape.token.safeParse(token).success);
  const [failure, setFailure] = useState<string | null>(null);
  const [askAgain, setAskAgain] = useState({ open: false, key: 0 });
  const form = useForm<ResetValues>({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', confirm: '' } });
  const { errors } = form.formState;
  const busy = reset.isPending || form.formState.isSubmitting;

  // A new link by e-mail, as "Forgot your password?" asks for one; without e-mail, the spec's warning.
  const askForNewLink = async () => {
    const { password_reset } = await fetchLoginOptions();
    if (password_reset) setAskAgain((current) => ({ open: true, key: current.key + 1 }));
    else toast.warning(MSG.forgotPassword);
  };

  const submit = async (values: ResetValues) => {
    if (reset.isPending) return;
    setFailure(null);
    try {
      await reset.mutateAsync({ token, password: values.password });
      toast.success(PASSWORD_RESET);
      navigate('/login', { replace: true });
    } catch (error) {
      const [field] = serverFieldErrors(error, ['password'] as const);
      if (field) form.setError('password', { type: 'server', message: field[1] }, { shouldFocus: true });
      else if (isApiError(error, 429)) setFailure(error.error);
      else if (isApiError(error) && error.status < 500) setInvalid(true);
      else setFailure(RESET_FAILED);
    }
  };

  return (
    <AuthShell
      headline="Your agency, wherever your clients are."
      lead="Record deals, follow your sales and grow your team with your own referral link, on any device."
      points={['Deals and sales in one place', 'Your own referral link for recruiting', 'Learning and marketing materials on demand']}
    >
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Set a new password</h1>
        <p className="mt-2 text-sm text-slate-500">
          {invalid ? 'This link can no longer be used.' : 'Choose the password you will log in with from now on.'}
        </p>
      </div>

      {invalid ? (
        <div className="mt-8 flex flex-col gap-5">
          <Notice tone="error">{RESET_LINK_INVALID}</Notice>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button onClick={() => void askForNewLink()}>Ask for a new link</Button>
            <Link to="/login" className={buttonClasses({ variant: 'outline' })}>
              Back to log in
            </Link>
          </div>
        </div>
      ) : (
        <form
          noValidate
          aria-label="Set a new password"
          onSubmit={(event) => void form.handleSubmit(submit)(event)}
          className="mt-8 flex flex-col gap-5"
        >
          <Field label="New password" error={errors.password?.message} hint="At least 8 characters.">
            <Input type="password" autoComplete="new-password" leading={<Lock />} {...form.register('password')} />
          </Field>
          <Field label="Confirm new password" error={errors.confirm?.message}>
            <Input type="password" autoComplete="new-password" leading={<Lock />} {...form.register('confirm')} />
          </Field>
          {failure && <Notice tone="error">{failure}</Notice>}
          <Button type="submit" size="lg" fullWidth loading={busy}>
            {!busy && <KeyRound aria-hidden="true" />}
            Set new password
          </Button>
          <p className="text-center text-sm text-slate-500">
            Remembered it?{' '}
            <Link to="/login" className="font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline">
              Log in
            </Link>
          </p>
        </form>
      )}

      {askAgain.key > 0 && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            key={askAgain.key}
            open={askAgain.open}
            onOpenChange={(open) => setAskAgain((current) => ({ ...current, open }))}
          />
        </Suspense>
      )}
    </AuthShell>
  );
}
