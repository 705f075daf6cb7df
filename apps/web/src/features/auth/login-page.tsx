import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Info, Lock, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { loginRequest } from '@ahente/contract/auth';
import { MSG } from '@ahente/contract/messages';
import { mfaRequiredResponse } from '@ahente/contract/security';
import { fetchLoginOptions, useLoginMutation } from './api';
import { ApiError, isApiError } from '../../api/client';
import { useSession, type SessionUser } from '../../api/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button, buttonClasses } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { toast } from '../../ui/toast';
import { AuthShell } from './auth-shell';
import { LoginCodeStep } from './login-code-step';
import { clearLoginHandover, peekLoginHandover, type LoginHandoverAction } from './login-handover';
import { pickLanguageBeforeSignIn, useLanguage } from '../../i18n';
import { LanguageChoice } from '../../i18n/language-choice';

/** Loaded only when the agency has e-mail set up and someone asks: the login page stays light. */
const loadForgotPasswordDialog = () => import('./forgot-password-dialog');
const ForgotPasswordDialog = lazy(async () => ({ default: (await loadForgotPasswordDialog()).ForgotPasswordDialog }));

/** The contract's login rules; Remember me is shown as in the spec and has no effect. */
const loginForm = loginRequest.extend({ remember: z.boolean() });
type LoginValues = z.input<typeof loginForm>;

/** The sponsor a Pending member signed up under, as the server names them (decision 001), or null. */
function notApprovedSponsor(body: unknown): string | null {
  if (body && typeof body === 'object' && 'sponsor' in body) {
    const sponsor = (body as { sponsor: unknown }).sponsor;
    if (typeof sponsor === 'string' && sponsor !== '') return sponsor;
  }
  return null;
}

/** A refusal of an account not approved yet: who is reviewing it, for the note beside the spec's warning. */
function pendingReviewOf(error: unknown): { sponsor: string | null } | null {
  if (!isApiError(error, 403)) return null;
  const status = notApprovedStatus(error.body);
  return status !== null && status !== 'Approved' ? { sponsor: notApprovedSponsor(error.body) } : null;
}

function notApprovedStatus(body: unknown): string | null {
  if (body && typeof body === 'object' && 'status' in body) {
    const status = (body as { status: unknown }).status;
    if (typeof status === 'string') return status;
  }
  return null;
}

/** The password was right and the account has two-factor sign-in: the second step. */
function isMfaRequired(error: unknown): boolean {
  return isApiError(error, 401) && mfaRequiredResponse.safeParse(error.body).success;
}

/** A refusal the prerendered page's script received, as this page's client would have thrown it. */
function refusal(action: { status: number; error: string; body: unknown }): ApiError {
  return new ApiError(action.status, action.error, action.body);
}

/** /login: the sign-in form, its checks and its messages. */
export function LoginPage() {
  const { t } = useLanguage();
  useDocumentTitle(t('login.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const justRegistered = (location.state as { registered?: boolean } | null)?.registered === true;
  const { signIn } = useSession();
  const loginMutation = useLoginMutation();
  // The second step (decision 027): set once the password was right and the account has two-factor
  // sign-in.
  // Taking over from the prerendered page's script (login-island.ts): what was typed there, and what to do.
  const [handover] = useState(peekLoginHandover);
  const [codeStep, setCodeStep] = useState<{ username: string; password: string } | null>(() =>
    handover?.action?.kind === 'refused' && isMfaRequired(refusal(handover.action))
      ? { username: handover.username, password: handover.password }
      : null,
  );
  const { register, handleSubmit, formState, setValue, getValues } = useForm({
    resolver: zodResolver(loginForm),
    defaultValues: {
      username: handover?.username ?? '',
      password: handover?.password ?? '',
      remember: handover?.remember ?? false,
    },
    // The fields are not marked: one message covers both.
    shouldFocusError: false,
  });

  // One login request at a time, whatever the keyboard or mouse does.
  const inFlight = useRef(false);
  // A right password on an account not approved yet: beside the spec's warning, who is reviewing it
  // (decision 001).
  const [pendingReview, setPendingReview] = useState(() =>
    handover?.action?.kind === 'refused' ? pendingReviewOf(refusal(handover.action)) : null,
  );

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
      else toast.warning(t('login.contactAdmin'));
    } finally {
      askingOptions.current = false;
    }
  };

  const onSignedIn = (user: SessionUser) => {
    signIn(user);
    navigate('/', { replace: true });
  };

  /** The message for a refused login (or one never answered), the second step's aside. */
  const showRefusal = (error: unknown) => {
    if (isApiError(error, 403)) {
      const status = notApprovedStatus(error.body);
      if (status !== null && status !== 'Approved') {
        toast.warning(t('login.notApproved'));
        return;
      }
    }
    if (isApiError(error, 429)) {
      toast.error(error.error || t('login.rateLimited'));
      return;
    }
    toast.error(t('login.invalid'));
  };

  const onSubmit = async ({ username, password }: z.output<typeof loginForm>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPendingReview(null);
    try {
      onSignedIn(await loginMutation.mutateAsync({ username, password }));
    } catch (error) {
      if (isMfaRequired(error)) setCodeStep({ username, password });
      else {
        setPendingReview(pendingReviewOf(error));
        showRefusal(error);
      }
    } finally {
      inFlight.current = false;
    }
  };

  // What was typed in the island's page until this form took its place: the app renders the page in
  // the task of its commit (login-takeover.ts), but a first render that suspended (a device set to
  // Filipino waits for its catalogue) commits later, in slices, and a username typed in between would
  // be lost. Read again in the commit's own task, before any key can reach the page.
  useLayoutEffect(() => {
    if (!handover) return;
    const typed = { username: handover.username, password: handover.password, remember: handover.remember };
    if (typed.username !== getValues('username')) setValue('username', typed.username);
    if (typed.password !== getValues('password')) setValue('password', typed.password);
    if (typed.remember !== getValues('remember')) setValue('remember', typed.remember);
    // Once, at the commit that replaced the island's markup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // What the island's page was doing when it handed over: done here once, as if done on this form.
  const handoverDone = useRef(false);
  useEffect(() => {
    if (handoverDone.current || !handover) return;
    handoverDone.current = true;
    clearLoginHandover();
    const action: LoginHandoverAction | null = handover.action;
    if (!action) return;
    if (action.kind === 'language') {
      // Or the other language, if it was pressed last while the app loaded.
      void pickLanguageBeforeSignIn(handover.language ?? action.language);
      return;
    }
    if (action.kind === 'missing') toast.error(t('login.missing'));
    else if (action.kind === 'refused') {
      // The second step is shown from the first render (codeStep's initial value).
      if (!isMfaRequired(refusal(action))) showRefusal(refusal(action));
    } else if (action.kind === 'network') toast.error(t('login.invalid'));
    else void onForgotPassword();
    // A language pressed on the island's page while the app loaded.
    if (handover.language) void pickLanguageBeforeSignIn(handover.language);
    // Once, with the first render's functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // An empty field is the spec's message; anything else the contract refuses (too long, control
  // characters) would be refused by the server too, as an invalid login.
  const onInvalid = (errors: FieldErrors<LoginValues>) => {
    const missing = Object.values(errors).some((error) => error?.message === MSG.loginMissing);
    toast.error(missing ? t('login.missing') : t('login.invalid'));
  };

  return (
    <AuthShell headline={t('login.headline')} lead={t('login.lead')} points={[t('login.point1'), t('login.point2'), t('login.point3')]}>
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
            <LanguageChoice onChoose={(language) => void pickLanguageBeforeSignIn(language)} className="mb-6" />
            {/* Just signed up: nobody is back yet (decision 001). */}
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
              {justRegistered ? t('firstSteps.loginWelcome') : t('login.welcome')}
            </h1>
            <p className="mt-2 text-sm text-slate-500">{t('login.intro')}</p>
          </div>

          {justRegistered && (
            <div role="status" className="mt-6 flex gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-600" />
              <p>{t('login.registered')}</p>
            </div>
          )}

          {pendingReview && (
            <div role="status" className="mt-6 flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
              <div>
                <p className="font-semibold">{t('firstSteps.pendingTitle')}</p>
                <p className="mt-0.5">
                  {pendingReview.sponsor
                    ? t('firstSteps.pendingSponsor', { sponsor: pendingReview.sponsor })
                    : t('firstSteps.pendingNoSponsor')}
                </p>
              </div>
            </div>
          )}

          <form
            noValidate
            onSubmit={(event) => void handleSubmit(onSubmit, onInvalid)(event)}
            className="mt-8 flex flex-col gap-5"
            aria-label={t('login.title')}
          >
            <Field label={t('login.username')}>
              <Input
                {...register('username')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                leading={<UserRound />}
                placeholder={t('login.usernamePlaceholder')}
              />
            </Field>
            <Field label={t('login.password')}>
              <Input
                {...register('password')}
                type="password"
                autoComplete="current-password"
                leading={<Lock />}
                placeholder={t('login.passwordPlaceholder')}
              />
            </Field>

            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
              <Checkbox label={t('login.remember')} {...register('remember')} />
              <Button variant="link" data-login-forgot="" onClick={() => void onForgotPassword()}>
                {t('login.forgot')}
              </Button>
            </div>

            <Button type="submit" size="lg" fullWidth loading={formState.isSubmitting}>
              {t('login.signIn')}
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

          {/* No social sign-in: no provider is configured, so no buttons that would do nothing. */}
          <section
            aria-labelledby="signup-panel-title"
            className="mt-8 flex flex-col gap-4 rounded-xl border border-brand-100 bg-brand-50/60 p-5 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <h2 id="signup-panel-title" className="text-sm font-semibold text-slate-900">
                {t('login.newHere')}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{t('login.newHereText')}</p>
            </div>
            <Link to="/register" className={buttonClasses({ variant: 'outline', className: 'shrink-0' })}>
              {t('login.signUp')}
            </Link>
          </section>
        </>
      )}
    </AuthShell>
  );
}
