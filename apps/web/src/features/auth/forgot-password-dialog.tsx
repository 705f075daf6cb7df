import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, UserRound } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FORGOT_PASSWORD_SENT, forgotPasswordRequest, type ForgotPasswordRequest } from '@ahente/contract/notifications';
import { useForgotPasswordMutation } from './api';
import { isApiError, serverFieldErrors } from '../../api/client';
import { setRefs } from '../../lib/set-refs';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { useLanguage } from '../../i18n';

/**
 * "Forgot your password?" while the agency has e-mail set up (decision 026): the username or e-mail
 * of the account, and a one-time reset link goes to its e-mail address. The answer is the same
 * whether or not an account matches. Loaded only when asked for: the login page stays light.
 */
export function ForgotPasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const { t } = useLanguage();
  const loginRef = useRef<HTMLInputElement>(null);
  const send = useForgotPasswordMutation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordRequest>({ resolver: zodResolver(forgotPasswordRequest), defaultValues: { login: '' } });
  const loginField = form.register('login');
  const busy = send.isPending;

  const submit = async (values: ForgotPasswordRequest) => {
    if (send.isPending) return;
    setFailure(null);
    try {
      await send.mutateAsync(values);
      setSent(true);
    } catch (error) {
      const [field] = serverFieldErrors(error, ['login'] as const);
      if (field) form.setError('login', { type: 'server', message: field[1] }, { shouldFocus: true });
      // 429 (asked too often) and 409 (e-mail turned off since) say why; anything else, try again.
      else setFailure(isApiError(error) && error.status < 500 ? error.error : t('forgot.failed'));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
      title={t('forgot.title')}
      description={sent ? undefined : t('forgot.intro')}
      initialFocus={sent ? undefined : loginRef}
      size="sm"
      footer={
        sent ? (
          <Button onClick={() => onOpenChange(false)}>{t('forgot.backToLogin')}</Button>
        ) : (
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {t('forgot.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={busy}>
              {!busy && <Mail aria-hidden="true" />}
              {t('forgot.send')}
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <Notice tone="success">{FORGOT_PASSWORD_SENT}</Notice>
      ) : (
        <form id={formId} noValidate aria-label={t('forgot.title')} onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          <Field label={t('forgot.login')} error={form.formState.errors.login?.message}>
            <Input
              {...loginField}
              ref={(element: HTMLInputElement | null) => setRefs(element, loginField.ref, loginRef)}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              leading={<UserRound />}
              disabled={busy}
            />
          </Field>
          {failure && (
            <Notice tone="error" className="mt-4">
              {failure}
            </Notice>
          )}
        </form>
      )}
    </Modal>
  );
}
