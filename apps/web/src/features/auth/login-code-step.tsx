import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { mfaCodeField } from '@ahente/contract/security';
import { useLoginMutation } from './api';
import { isApiError, isNetworkError } from '../../api/client';
import type { SessionUser } from '../../api/session';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { toast } from '../../ui/toast';
import { useLanguage } from '../../i18n';

const codeForm = z.object({ code: mfaCodeField });
type CodeValues = z.input<typeof codeForm>;

interface LoginCodeStepProps {
  /** What the password step sent: the login is sent again with the code. */
  credentials: { username: string; password: string };
  onSignedIn: (user: SessionUser) => void;
  /** Back to the password step (another account, or a refusal the code cannot fix). */
  onBack: () => void;
}

/**
 * The second step of the login (decision 027): the member's password was right and their account
 * has two-factor sign-in, so the login is sent again with the six-digit code of their authenticator
 * app, or one of their recovery codes. A wrong code is the server's message under the field.
 */
export function LoginCodeStep({ credentials, onSignedIn, onBack }: LoginCodeStepProps) {
  const { t } = useLanguage();
  const loginMutation = useLoginMutation();
  const [recovery, setRecovery] = useState(false);
  const inFlight = useRef(false);
  const { register, handleSubmit, formState, setError, setValue, setFocus } = useForm<CodeValues>({
    resolver: zodResolver(codeForm),
    defaultValues: { code: '' },
  });

  // The field takes the focus as the step appears (the button that was pressed is gone).
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = async ({ code }: z.output<typeof codeForm>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      onSignedIn(await loginMutation.mutateAsync({ ...credentials, code }));
    } catch (error) {
      if (isApiError(error, 401) || isApiError(error, 429) || isApiError(error, 400)) {
        // A wrong or used code, or too many attempts: the server's words, and the field cleared for the next try.
        setValue('code', '');
        setError('code', { type: 'server', message: error.error || t('login.invalid') }, { shouldFocus: true });
      } else if (isApiError(error, 403)) {
        toast.warning(t('login.notApproved'));
        onBack();
      } else {
        toast.error(isNetworkError(error) ? t('login.serverIssue') : t('login.invalid'));
      }
    } finally {
      inFlight.current = false;
    }
  };

  const switchKind = () => {
    setRecovery((current) => !current);
    setValue('code', '');
    setFocus('code');
  };

  return (
    <>
      <div>
        <span aria-hidden="true" className="mb-4 flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <KeyRound className="size-5" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{t('code.title')}</h1>
        <p className="mt-2 text-sm text-slate-500">{recovery ? t('code.introRecovery') : t('code.introApp')}</p>
      </div>

      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        className="mt-8 flex flex-col gap-5"
        aria-label={t('code.label')}
      >
        <Field label={t('code.label')} error={formState.errors.code?.message} hint={recovery ? t('code.hintRecovery') : t('code.hintApp')}>
          <Input
            {...register('code')}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            placeholder={recovery ? 'xxxx-xxxx-xxxx-xxxx' : '123456'}
            className="font-mono tracking-widest placeholder:tracking-widest"
          />
        </Field>

        <Button type="submit" size="lg" fullWidth loading={formState.isSubmitting}>
          {t('code.verify')}
        </Button>

        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <Button variant="link" onClick={onBack}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('code.back')}
          </Button>
          <Button variant="link" onClick={switchKind}>
            {recovery ? t('code.useApp') : t('code.useRecovery')}
          </Button>
        </div>
      </form>
    </>
  );
}
