import { zodResolver } from '@hookform/resolvers/zod';
import { Info, Lock, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { loginRequest, type SessionUser } from '@ahente/contract/auth';
import { MSG } from '@ahente/contract/messages';
import { mfaRequiredResponse } from '@ahente/contract/security';
import { fetchLoginOptions, useLoginMutation } from '../../api/auth';
import { isApiError } from '../../api/client';
import { useSession } from '../../api/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button, buttonClasses } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { toast } from '../../ui/toast';
import { AuthShell } from './auth-shell';
import { LoginCodeStep } from './login-code-step';

/** Loaded only when the agency has e-mail set up and someone asks: the login page stays light. */
const loadForgotPasswordDialog = () => import('./forgot-password-dialog');
const ForgotPasswordDialog = lazy(async () => ({ default: (await loadForgotPasswordDialog()).ForgotPasswordDialog }));

/** The contract's login rules; Remember me is shown as in the spec and has no effect. */
const loginForm = loginRequest.extend({ remember: z.boolean() });
type LoginValues = z.input<typeof loginForm>;

function notApprovedStatus(body: unknown): string | null {
  if (body && typeof body === 'object' && 'status' in body) {
    const status = (body as { status: unknown }).status;
    if (typeof status === 'string') return status;
  }
  return null;
}

/** /login (spec §2 Login, §5, §8). */
export function LoginPage() {
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const location = useLocation();
  const justRegistered = (location.state as { registered?: boolean } | null)?.registered === true;
  const { signIn } = useSession();
  const loginMutation = useLoginMutation();
  // The second step (issue 24 §4): set once the password was right and the account has two-factor sign-in.
  const [codeStep, setCodeStep] = useState<{ username: string; password: string } | null>(null);
  const { register, handleSubmit, formState, setValue } = useForm({
    resolver: zodResolver(loginForm),
    defaultValues: { username: '', password: '', remember: false },
    // The fields are not marked: one message covers both (spec §5).
    shouldFocusError: false,
  });

  // One login request at a time, whatever the keyboard or mouse does.
  const inFlight = useRef(false);

  // "Forgot your password?": a reset link by e-mail when the agency has e-mail set up, otherwise
  // the spec's 'Please Contact Administrator'. Which one is asked after the page is shown, never
  // before it; the dialog (a new one each time, so it starts empty) is fetched once it can be needed.
  const [forgotDialog, setForgotDialog] = useState({ open: false, key: 0 });
  const askingOptions = useRef(false);
  useEffect(() => {
    void fetchLoginOptions().then(({ password_reset }) => {
      if (password_reset) loadForgotPasswordDialog().catch(() => undefined);
    });
  }, []);
  const onForgotPassword = async () => {
    if (askingOptions.current) return;
    askingOptions.current = true;
    try {
      const { password_reset } = await fetchLoginOptions();
      if (password_reset) setForgotDialog((current) => ({ open: true, key: current.key + 1 }));
      else toast.warning(MSG.forgotPassword);
    } finally {
      askingOptions.current = false;
    }
  };

  const onSignedIn = (user: SessionUser) => {
    signIn(user);
    navigate('/', { replace: true });
  };

  const onSubmit = async ({ username, password }: z.output<typeof loginForm>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      onSignedIn(await loginMutation.mutateAsync({ username, password }));
    } catch (error) {
      if (isApiError(error, 401) && mfaRequiredResponse.safeParse(error.body).success) {
        setCodeStep({ username, password });
        return;
      }
      if (isApiError(error, 403)) {
        const status = notApprovedStatus(error.body);
        if (status !== null && status !== 'Approved') {
          toast.warning(MSG.loginNotApproved);
          return;
        }
      }
      if (isApiError(error, 429)) {
        toast.error(error.error || MSG.loginRateLimited);
        return;
      }
      toast.error(MSG.loginInvalid);
    } finally {
      inFlight.current = false;
    }
  };

  // An empty field is the spec's message; anything else the contract refuses (too long, control
  // characters) would be refused by the server too, as an invalid login.
  const onInvalid = (errors: FieldErrors<LoginValues>) => {
    const missing = Object.values(errors).some((error) => error?.message === MSG.loginMissing);
    toast.error(missing ? MSG.loginMissing : MSG.loginInvalid);
  };

  return (
    <AuthShell
      headline="Your agency, wherever your clients are."
      lead="Record deals, follow your sales and grow your team with your own referral link, on any device."
      points={['Deals and sales in one place', 'Your own referral link for recruiting', 'Learning and marketing materials on demand']}
    >
      {codeStep ? (
        <LoginCodeStep
          credentials={codeStep}
          onSignedIn={onSignedIn}
          onBack={() => {
            setValue('password', '');
            setCodeStep(null);
          }}
        />
      ) : (
        <>
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Welcome back</h1>
            <p className="mt-2 text-sm text-slate-500">Enter your username and password to open your agent portal.</p>
          </div>

          {justRegistered && (
            <div role="status" className="mt-6 flex gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-600" />
              <p>Your account was created. You can log in once an administrator approves it.</p>
            </div>
          )}

          <form
            noValidate
            onSubmit={(event) => void handleSubmit(onSubmit, onInvalid)(event)}
            className="mt-8 flex flex-col gap-5"
            aria-label="Log in"
          >
            <Field label="Username">
              <Input
                {...register('username')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                leading={<UserRound />}
                placeholder="Your username"
              />
            </Field>
            <Field label="Password">
              <Input
                {...register('password')}
                type="password"
                autoComplete="current-password"
                leading={<Lock />}
                placeholder="Your password"
              />
            </Field>

            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
              <Checkbox label="Remember me" {...register('remember')} />
              <Button variant="link" onClick={() => void onForgotPassword()}>
                Forgot your password?
              </Button>
            </div>

            <Button type="submit" size="lg" fullWidth loading={formState.isSubmitting}>
              Sign In
            </Button>
          </form>

          {forgotDialog.key > 0 && (
            <Suspense fallback={null}>
              <ForgotPasswordDialog
                key={forgotDialog.key}
                open={forgotDialog.open}
                onOpenChange={(open) => setForgotDialog((current) => ({ ...current, open }))}
              />
            </Suspense>
          )}

          {/* No social sign-in: no provider is configured (issue 22), so no buttons that would do nothing. */}
          <section
            aria-labelledby="signup-panel-title"
            className="mt-8 flex flex-col gap-4 rounded-xl border border-brand-100 bg-brand-50/60 p-5 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <h2 id="signup-panel-title" className="text-sm font-semibold text-slate-900">
                New to Ahente?
              </h2>
              <p className="mt-1 text-sm text-slate-600">Create your agent account and start building your team today.</p>
            </div>
            <Link to="/register" className={buttonClasses({ variant: 'outline', className: 'shrink-0' })}>
              Sign Up
            </Link>
          </section>
        </>
      )}
    </AuthShell>
  );
}
