import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  confirmMfaRequest,
  disableMfaRequest,
  RECOVERY_CODE_COUNT,
  regenerateCodesRequest,
  type MfaEnrolment,
  type MfaStatus,
} from '@ahente/contract/security';
import { isApiError, serverFieldErrors } from '../../api/client';
import {
  useConfirmMfaMutation,
  useDisableMfaMutation,
  useMfaStatus,
  useRegenerateMfaCodesMutation,
  useStartMfaMutation,
} from './security-api';
import { useSession } from '../../api/session';
import { useLanguage } from '../../i18n';
import './security-i18n';
import { copyText } from '../../lib/clipboard';
import { formatManilaDate } from '../../lib/dates';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { LoadError } from './load-error';
import { RecoveryCodes } from './recovery-codes';
import { withReason } from './settings-errors';

/** Below this many unused recovery codes, the status suggests new ones. */
const FEW_CODES = 3;

/** What the section shows: the status, one of its forms, or recovery codes shown this once. */
type View =
  | { kind: 'status' }
  | { kind: 'enrol'; enrolment: MfaEnrolment }
  | { kind: 'disable' }
  | { kind: 'regenerate' }
  | { kind: 'codes'; codes: string[]; reason: 'enabled' | 'regenerated' };

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to read and to type by hand. */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * Settings → Security → Two-factor sign-in (decision 027): whether it is on and since when, the
 * recovery codes left; "Turn on" (a QR code and the setup key, then a first code), "New recovery
 * codes" (a current code), "Turn off" (password and a code; not for an administrator who must keep
 * it). Recovery codes are shown once, right after they are made, with Download and Copy.
 */
export function TwoFactorSection() {
  const { t } = useLanguage();
  const status = useMfaStatus();
  const [view, setView] = useState<View>({ kind: 'status' });
  const toStatus = () => setView({ kind: 'status' });

  let body: ReactNode;
  if (view.kind === 'codes') {
    body = <RecoveryCodes codes={view.codes} reason={view.reason} onDone={toStatus} />;
  } else if (status.isPending) {
    body = (
      <div className="flex flex-col gap-2" aria-hidden="true">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
    );
  } else if (status.isError) {
    body = <LoadError message={t('security.twoFactor.loadFailed')} retrying={status.isFetching} onRetry={() => void status.refetch()} />;
  } else if (view.kind === 'enrol') {
    body = (
      <EnrolForm
        enrolment={view.enrolment}
        onCancel={toStatus}
        onEnabled={(codes) => setView({ kind: 'codes', codes, reason: 'enabled' })}
      />
    );
  } else if (view.kind === 'disable') {
    body = <DisableForm onCancel={toStatus} onDisabled={toStatus} />;
  } else if (view.kind === 'regenerate') {
    body = <RegenerateForm onCancel={toStatus} onRegenerated={(codes) => setView({ kind: 'codes', codes, reason: 'regenerated' })} />;
  } else {
    body = (
      <StatusView
        status={status.data}
        onStart={(enrolment) => setView({ kind: 'enrol', enrolment })}
        onDisable={() => setView({ kind: 'disable' })}
        onRegenerate={() => setView({ kind: 'regenerate' })}
      />
    );
  }

  return (
    <CardSection
      title={t('security.twoFactor.title')}
      icon={<ShieldCheck />}
      description={t('security.twoFactor.description')}
      aria-busy={status.isPending || undefined}
    >
      {body}
    </CardSection>
  );
}

function StatusView({
  status,
  onStart,
  onDisable,
  onRegenerate,
}: {
  status: MfaStatus;
  onStart: (enrolment: MfaEnrolment) => void;
  onDisable: () => void;
  onRegenerate: () => void;
}) {
  const { t } = useLanguage();
  const { user } = useSession();
  const start = useStartMfaMutation();

  const begin = async () => {
    try {
      onStart(await start.mutateAsync());
    } catch (error) {
      toast.error(withReason(t('security.twoFactor.startFailed'), error));
    }
  };

  if (!status.enabled) {
    return (
      <div className="flex flex-col gap-4">
        {user?.mfa_setup_required && (
          <Notice tone="warning" detail={t('security.twoFactor.adminMustDetail')}>
            {t('security.twoFactor.adminMust')}
          </Notice>
        )}
        <p className="text-sm text-slate-700">
          <Badge tone="neutral" dot className="mr-2 align-middle">
            {t('security.twoFactor.off')}
          </Badge>
          <span>{t('security.twoFactor.isOff')}</span>
        </p>
        <p className="max-w-prose text-sm text-slate-500">{t('security.twoFactor.needApp')}</p>
        <div>
          <Button onClick={() => void begin()} loading={start.isPending} className="w-full sm:w-auto">
            {!start.isPending && <ShieldCheck aria-hidden="true" />}
            {t('security.twoFactor.turnOn')}
          </Button>
        </div>
      </div>
    );
  }

  const left = status.recovery_codes_left;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        <Badge tone="success" dot className="mr-2 align-middle">
          {t('security.twoFactor.on')}
        </Badge>
        <span>
          {status.enabled_at
            ? t('security.twoFactor.isOnSince', { date: formatManilaDate(status.enabled_at) })
            : t('security.twoFactor.isOn')}
        </span>
      </p>
      <p className="text-sm text-slate-700">{t('security.twoFactor.codesLeft', { count: left, total: RECOVERY_CODE_COUNT })}</p>
      {left <= FEW_CODES && (
        <Notice tone="warning" detail={t('security.twoFactor.fewCodesDetail')}>
          {left === 0 ? t('security.twoFactor.noCodes') : t('security.twoFactor.runningOut')}
        </Notice>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" onClick={onRegenerate}>
          <KeyRound aria-hidden="true" />
          {t('security.twoFactor.newCodes')}
        </Button>
        {!status.required && (
          <Button variant="outline" onClick={onDisable}>
            <ShieldOff aria-hidden="true" />
            {t('security.twoFactor.turnOff')}
          </Button>
        )}
      </div>
      {status.required && <p className="max-w-prose text-sm text-slate-500">{t('security.twoFactor.required')}</p>}
    </div>
  );
}

/** The name of the field a refusal belongs to: the one `details` names, else `fallback`. */
function refusedField<Name extends string>(error: unknown, names: readonly Name[], fallback: Name): [Name, string] | null {
  if (!isApiError(error, 400)) return null;
  return serverFieldErrors(error, names)[0] ?? [fallback, error.error];
}

const codeInputProps = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  maxLength: 6,
  className: 'max-w-40 font-mono tracking-widest',
} as const;

function EnrolForm({
  enrolment,
  onCancel,
  onEnabled,
}: {
  enrolment: MfaEnrolment;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const { t } = useLanguage();
  const { user, update } = useSession();
  const queryClient = useQueryClient();
  const confirm = useConfirmMfaMutation();
  const form = useForm<z.input<typeof confirmMfaRequest>>({ resolver: zodResolver(confirmMfaRequest), defaultValues: { code: '' } });
  const keyId = useId();

  const save = async (values: z.input<typeof confirmMfaRequest>) => {
    try {
      const { recovery_codes } = await confirm.mutateAsync(values);
      toast.success(t('security.twoFactor.turnedOn'));
      if (user?.mfa_setup_required) {
        // An administrator who had to enrol: the portal opens now. The session is asked again
        // (SESSION_QUERY_KEY), and so is everything that was refused while it was locked.
        update({ mfa_setup_required: false });
        void queryClient.invalidateQueries();
      }
      onEnabled(recovery_codes);
    } catch (error) {
      const refused = refusedField(error, ['code'] as const, 'code');
      if (refused) form.setError(refused[0], { type: 'server', message: refused[1] }, { shouldFocus: true });
      else toast.error(withReason(t('security.twoFactor.confirmFailed'), error));
    }
  };

  const copySecret = async () => {
    try {
      await copyText(enrolment.secret);
      toast.success(t('security.enrol.keyCopied'));
    } catch {
      toast.error(t('security.enrol.keyCopyFailed'));
    }
  };

  const busy = confirm.isPending || form.formState.isSubmitting;
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-label={t('security.enrol.form')}
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      className="flex flex-col gap-5"
    >
      <ol className="flex flex-col gap-5">
        <Step n={1} title={t('security.enrol.scan')}>
          <img
            src={enrolment.qr}
            alt={t('security.enrol.qrAlt')}
            width={176}
            height={176}
            className="mt-3 size-44 rounded-lg border border-slate-200 bg-white p-2"
          />
        </Step>
        <Step n={2} title={t('security.enrol.cannotScan')}>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <label htmlFor={keyId} className="sr-only">
              {t('security.enrol.setupKey')}
            </label>
            <output
              id={keyId}
              className="rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm tracking-wide [overflow-wrap:anywhere] text-slate-900 ring-1 ring-slate-900/10 ring-inset"
            >
              {groupSecret(enrolment.secret)}
            </output>
            <Button variant="outline" size="sm" onClick={() => void copySecret()}>
              <Copy aria-hidden="true" />
              {t('security.enrol.copyKey')}
            </Button>
          </div>
          <p className="mt-1.5 text-xs text-slate-500">{t('security.enrol.keyHint')}</p>
        </Step>
        <Step n={3} title={t('security.enrol.enterCode')}>
          <Field label={t('security.enrol.code')} error={errors.code?.message} className="mt-2">
            <Input {...codeInputProps} {...form.register('code')} />
          </Field>
        </Step>
      </ol>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {t('security.enrol.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {t('security.enrol.confirm')}
        </Button>
      </div>
    </form>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  const { t } = useLanguage();
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-800"
      >
        {n}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-800">
          <span className="sr-only">{t('security.enrol.step', { n })}</span>
          {title}
        </p>
        {children}
      </div>
    </li>
  );
}

function DisableForm({ onCancel, onDisabled }: { onCancel: () => void; onDisabled: () => void }) {
  const { t } = useLanguage();
  const disable = useDisableMfaMutation();
  const form = useForm<z.input<typeof disableMfaRequest>>({
    resolver: zodResolver(disableMfaRequest),
    defaultValues: { password: '', code: '' },
  });
  const { errors } = form.formState;
  const first = useRef<HTMLInputElement | null>(null);
  useEffect(() => first.current?.focus(), []);

  const save = async (values: z.input<typeof disableMfaRequest>) => {
    try {
      await disable.mutateAsync(values);
      toast.success(t('security.twoFactor.turnedOff'));
      onDisabled();
    } catch (error) {
      const refused = refusedField(error, ['password', 'code'] as const, 'code');
      if (refused) form.setError(refused[0], { type: 'server', message: refused[1] }, { shouldFocus: true });
      else toast.error(withReason(t('security.twoFactor.disableFailed'), error));
    }
  };

  const busy = disable.isPending || form.formState.isSubmitting;
  const password = form.register('password');

  return (
    <form
      noValidate
      aria-label={t('security.disable.form')}
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      className="flex max-w-md flex-col gap-4"
    >
      <p className="text-sm text-slate-600">{t('security.disable.intro')}</p>
      <Field label={t('security.disable.password')} error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...password}
          ref={(element) => {
            password.ref(element);
            first.current = element;
          }}
        />
      </Field>
      <Field label={t('security.disable.code')} hint={t('security.disable.codeHint')} error={errors.code?.message}>
        <Input autoComplete="one-time-code" className="max-w-60 font-mono" {...form.register('code')} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {t('security.disable.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={busy}>
          {!busy && <ShieldOff aria-hidden="true" />}
          {t('security.disable.submit')}
        </Button>
      </div>
    </form>
  );
}

function RegenerateForm({ onCancel, onRegenerated }: { onCancel: () => void; onRegenerated: (codes: string[]) => void }) {
  const { t } = useLanguage();
  const regenerate = useRegenerateMfaCodesMutation();
  const form = useForm<z.input<typeof regenerateCodesRequest>>({
    resolver: zodResolver(regenerateCodesRequest),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;
  useEffect(() => form.setFocus('code'), [form]);

  const save = async (values: z.input<typeof regenerateCodesRequest>) => {
    try {
      const { recovery_codes } = await regenerate.mutateAsync(values);
      toast.success(t('security.twoFactor.newCodesMade'));
      onRegenerated(recovery_codes);
    } catch (error) {
      const refused = refusedField(error, ['code'] as const, 'code');
      if (refused) form.setError(refused[0], { type: 'server', message: refused[1] }, { shouldFocus: true });
      else toast.error(withReason(t('security.twoFactor.regenerateFailed'), error));
    }
  };

  const busy = regenerate.isPending || form.formState.isSubmitting;

  return (
    <form
      noValidate
      aria-label={t('security.regenerate.form')}
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      className="flex max-w-md flex-col gap-4"
    >
      <p className="text-sm text-slate-600">{t('security.regenerate.intro')}</p>
      <Field label={t('security.regenerate.code')} error={errors.code?.message}>
        <Input {...codeInputProps} {...form.register('code')} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {t('security.regenerate.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {!busy && <KeyRound aria-hidden="true" />}
          {t('security.regenerate.submit')}
        </Button>
      </div>
    </form>
  );
}
