import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordRequest } from '@ahente/contract/auth';
import { isApiError } from '../../api/client';
import { useChangePasswordMutation } from '../members';
import { securityKeys } from './security-api';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { toast } from '../../ui/toast';
import { SessionsSection } from './sessions-section';
import { withReason } from './settings-errors';
import { TwoFactorSection } from './two-factor-section';

const PASSWORDS_DIFFER = 'Passwords do not match';
const CURRENT_REQUIRED = 'Current password is required';

/** The form's rules: the contract's for the current and new password, plus the confirmation. */
const securityFormSchema = z
  .object({
    current_password: z.string().min(1, CURRENT_REQUIRED).pipe(changePasswordRequest.shape.current_password.unwrap()),
    password: changePasswordRequest.shape.password,
    confirm: z.string(),
  })
  .refine((values) => values.confirm === values.password, { path: ['confirm'], message: PASSWORDS_DIFFER });

type SecurityValues = z.input<typeof securityFormSchema>;
type SecurityField = keyof SecurityValues;
const EMPTY: SecurityValues = { current_password: '', password: '', confirm: '' };

/** Which field a refusal of changepassword belongs to (the server names the field in words or in `details`). */
function fieldOf(error: string, detailPath: string | undefined): SecurityField {
  if (detailPath === 'current_password' || error.startsWith('Current password')) return 'current_password';
  return 'password';
}

/**
 * /settings/security: Change password, Two-factor sign-in and Sessions (decision 027). An
 * administrator who must turn on two-factor sign-in first sees only that section: nothing else
 * answers them until it is on.
 */
export function SecurityTab() {
  const locked = useCurrentUser().mfa_setup_required;
  // The sections keep their places as the lock lifts: the recovery codes shown right after
  // enrolling stay on the screen.
  return (
    <div className="flex flex-col gap-6">
      {!locked && <ChangePasswordSection />}
      <TwoFactorSection />
      {!locked && <SessionsSection />}
    </div>
  );
}

/**
 * Change password. The member's own change needs their current password; on success this session
 * stays and their other sessions end, the form clears and a toast says so.
 */
function ChangePasswordSection() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const changePassword = useChangePasswordMutation();
  const form = useForm<SecurityValues>({ resolver: zodResolver(securityFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const { t } = useLanguage();
  /** The form's own messages in the reader's language; the contract's and the server's stay as they are. */
  const said = (message: string | undefined) =>
    message === PASSWORDS_DIFFER
      ? t('settings.password.differ')
      : message === CURRENT_REQUIRED
        ? t('settings.password.currentRequired')
        : message;

  const save = async (values: SecurityValues) => {
    if (changePassword.isPending) return;
    try {
      await changePassword.mutateAsync({ id: user.memberId, password: values.password, current_password: values.current_password });
      form.reset(EMPTY);
      toast.success(t('settings.password.changed'));
      // The other sessions ended: the list below shows only this one.
      void queryClient.invalidateQueries({ queryKey: securityKeys.all });
    } catch (error) {
      if (isApiError(error, 400)) {
        const body = error.body as { details?: { path?: string }[] } | undefined;
        const name = fieldOf(error.error, body?.details?.[0]?.path);
        form.setError(name, { type: 'server', message: error.error }, { shouldFocus: true });
      } else {
        toast.error(withReason(t('settings.password.failed'), error));
      }
    }
  };

  const busy = changePassword.isPending || form.formState.isSubmitting;

  return (
    <CardSection title={t('settings.password.title')} icon={<KeyRound />} description={t('settings.password.description')}>
      <form
        noValidate
        aria-label={t('settings.password.title')}
        onSubmit={(event) => void form.handleSubmit(save)(event)}
        className="max-w-md"
      >
        <div className="flex flex-col gap-4">
          <Field label={t('settings.password.current')} error={said(errors.current_password?.message)}>
            <Input type="password" autoComplete="current-password" {...form.register('current_password')} />
          </Field>
          <Field label={t('settings.password.new')} error={errors.password?.message} hint={t('settings.password.newHint')}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </Field>
          <Field label={t('settings.password.confirm')} error={said(errors.confirm?.message)}>
            <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
          </Field>
        </div>
        <Button type="submit" loading={busy} className="mt-5 w-full sm:w-auto">
          {!busy && <KeyRound aria-hidden="true" />}
          {t('settings.password.submit')}
        </Button>
      </form>
    </CardSection>
  );
}
