import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, Download, KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
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
} from '../../api/security';
import { useSession } from '../../api/session';
import { copyText } from '../../lib/clipboard';
import { formatManilaDate } from '../../lib/dates';
import { saveBlob } from '../../lib/save-blob';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { LoadError } from './load-error';
import { withReason } from './settings-errors';

const STATUS_LOAD_FAILED = 'Your two-factor sign-in settings could not be loaded.';
const START_FAILED = 'Two-factor sign-in could not be set up.';
const CONFIRM_FAILED = 'Two-factor sign-in was not turned on.';
const DISABLE_FAILED = 'Two-factor sign-in was not turned off.';
const REGENERATE_FAILED = 'No new recovery codes were made.';
const TURNED_ON = 'Two-factor sign-in is on.';
const TURNED_OFF = 'Two-factor sign-in is off.';
const NEW_CODES = 'New recovery codes made. The old ones no longer work.';
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
 * Settings → Security → Two-factor sign-in (issue 24 §4): whether it is on and since when, the
 * recovery codes left; "Turn on" (a QR code and the setup key, then a first code), "New recovery
 * codes" (a current code), "Turn off" (password and a code; not for an administrator who must keep
 * it). Recovery codes are shown once, right after they are made, with Download and Copy.
 */
export function TwoFactorSection() {
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
    body = <LoadError message={STATUS_LOAD_FAILED} retrying={status.isFetching} onRetry={() => void status.refetch()} />;
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
      title="Two-factor sign-in"
      icon={<ShieldCheck />}
      description="A six-digit code from an app on your phone, asked after your password: your password alone no longer opens your account."
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
  const { user } = useSession();
  const start = useStartMfaMutation();

  const begin = async () => {
    try {
      onStart(await start.mutateAsync());
    } catch (error) {
      toast.error(withReason(START_FAILED, error));
    }
  };

  if (!status.enabled) {
    return (
      <div className="flex flex-col gap-4">
        {user?.mfa_setup_required && (
          <Notice tone="warning" detail="Until it is on, nothing else in the portal opens for your account.">
            Administrators must turn on two-factor sign-in before doing anything else.
          </Notice>
        )}
        <p className="text-sm text-slate-700">
          <Badge tone="neutral" dot className="mr-2 align-middle">
            Off
          </Badge>
          <span>Two-factor sign-in is off.</span>
        </p>
        <p className="max-w-prose text-sm text-slate-500">
          You need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password. After turning it
          on, you sign in with your password and the code the app shows.
        </p>
        <div>
          <Button onClick={() => void begin()} loading={start.isPending} className="w-full sm:w-auto">
            {!start.isPending && <ShieldCheck aria-hidden="true" />}
            Turn on
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
          On
        </Badge>
        <span>Two-factor sign-in is on{status.enabled_at ? ` since ${formatManilaDate(status.enabled_at)}` : ''}.</span>
      </p>
      <p className="text-sm text-slate-700">
        {left === 1 ? '1 recovery code left' : `${left} recovery codes left`} (of {RECOVERY_CODE_COUNT}).
      </p>
      {left <= FEW_CODES && (
        <Notice tone="warning" detail="Each recovery code signs you in once without your phone. Make new ones while you can.">
          {left === 0 ? 'You have no recovery codes left.' : 'You are running out of recovery codes.'}
        </Notice>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" onClick={onRegenerate}>
          <KeyRound aria-hidden="true" />
          New recovery codes
        </Button>
        {!status.required && (
          <Button variant="outline" onClick={onDisable}>
            <ShieldOff aria-hidden="true" />
            Turn off
          </Button>
        )}
      </div>
      {status.required && (
        <p className="max-w-prose text-sm text-slate-500">
          Administrators must keep two-factor sign-in on, so it cannot be turned off here. If you lose your phone, sign in with a recovery
          code, or ask another administrator to reset it.
        </p>
      )}
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
  const { user, update } = useSession();
  const queryClient = useQueryClient();
  const confirm = useConfirmMfaMutation();
  const form = useForm<z.input<typeof confirmMfaRequest>>({ resolver: zodResolver(confirmMfaRequest), defaultValues: { code: '' } });
  const keyId = useId();

  const save = async (values: z.input<typeof confirmMfaRequest>) => {
    try {
      const { recovery_codes } = await confirm.mutateAsync(values);
      toast.success(TURNED_ON);
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
      else toast.error(withReason(CONFIRM_FAILED, error));
    }
  };

  const copySecret = async () => {
    try {
      await copyText(enrolment.secret);
      toast.success('Setup key copied.');
    } catch {
      toast.error('The setup key could not be copied. Select it and copy it by hand.');
    }
  };

  const busy = confirm.isPending || form.formState.isSubmitting;
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-label="Turn on two-factor sign-in"
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      className="flex flex-col gap-5"
    >
      <ol className="flex flex-col gap-5">
        <Step n={1} title="Scan this QR code with your authenticator app.">
          <img
            src={enrolment.qr}
            alt="QR code to scan with your authenticator app"
            width={176}
            height={176}
            className="mt-3 size-44 rounded-lg border border-slate-200 bg-white p-2"
          />
        </Step>
        <Step n={2} title="Cannot scan it? Type this setup key into the app instead.">
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <label htmlFor={keyId} className="sr-only">
              Setup key
            </label>
            <output
              id={keyId}
              className="rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm tracking-wide [overflow-wrap:anywhere] text-slate-900 ring-1 ring-slate-900/10 ring-inset"
            >
              {groupSecret(enrolment.secret)}
            </output>
            <Button variant="outline" size="sm" onClick={() => void copySecret()}>
              <Copy aria-hidden="true" />
              Copy key
            </Button>
          </div>
          <p className="mt-1.5 text-xs text-slate-500">Time-based, six digits, every 30 seconds. The spaces are only for reading.</p>
        </Step>
        <Step n={3} title="Enter the six-digit code the app shows.">
          <Field label="Six-digit code" error={errors.code?.message} className="mt-2">
            <Input {...codeInputProps} {...form.register('code')} />
          </Field>
        </Step>
      </ol>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          Confirm
        </Button>
      </div>
    </form>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
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
          <span className="sr-only">Step {n}: </span>
          {title}
        </p>
        {children}
      </div>
    </li>
  );
}

function DisableForm({ onCancel, onDisabled }: { onCancel: () => void; onDisabled: () => void }) {
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
      toast.success(TURNED_OFF);
      onDisabled();
    } catch (error) {
      const refused = refusedField(error, ['password', 'code'] as const, 'code');
      if (refused) form.setError(refused[0], { type: 'server', message: refused[1] }, { shouldFocus: true });
      else toast.error(withReason(DISABLE_FAILED, error));
    }
  };

  const busy = disable.isPending || form.formState.isSubmitting;
  const password = form.register('password');

  return (
    <form
      noValidate
      aria-label="Turn off two-factor sign-in"
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      className="flex max-w-md flex-col gap-4"
    >
      <p className="text-sm text-slate-600">
        Without it, your password alone opens your account. Confirm with your password and a code from your app (or a recovery code).
      </p>
      <Field label="Password" error={errors.password?.message}>
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
      <Field label="Code" hint="The six-digit code from your app, or a recovery code." error={errors.code?.message}>
        <Input autoComplete="one-time-code" className="max-w-60 font-mono" {...form.register('code')} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={busy}>
          {!busy && <ShieldOff aria-hidden="true" />}
          Turn off two-factor sign-in
        </Button>
      </div>
    </form>
  );
}

function RegenerateForm({ onCancel, onRegenerated }: { onCancel: () => void; onRegenerated: (codes: string[]) => void }) {
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
      toast.success(NEW_CODES);
      onRegenerated(recovery_codes);
    } catch (error) {
      const refused = refusedField(error, ['code'] as const, 'code');
      if (refused) form.setError(refused[0], { type: 'server', message: refused[1] }, { shouldFocus: true });
      else toast.error(withReason(REGENERATE_FAILED, error));
    }
  };

  const busy = regenerate.isPending || form.formState.isSubmitting;

  return (
    <form
      noValidate
      aria-label="New recovery codes"
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      className="flex max-w-md flex-col gap-4"
    >
      <p className="text-sm text-slate-600">
        Ten new recovery codes replace the ones you have: the old ones stop working. Confirm with the current code from your app.
      </p>
      <Field label="Six-digit code" error={errors.code?.message}>
        <Input {...codeInputProps} {...form.register('code')} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {!busy && <KeyRound aria-hidden="true" />}
          Make new codes
        </Button>
      </div>
    </form>
  );
}

/** The text file "Download" saves: what the codes are for, then one code a line. */
function codesFile(codes: string[], name: string | undefined): string {
  const lines = [
    'Ahente: two-factor sign-in recovery codes',
    name ? `Account: ${name}` : null,
    `Made: ${new Date().toISOString()}`,
    '',
    'Each code signs you in once, in place of the code from your authenticator app.',
    'Keep them somewhere safe, away from your phone.',
    '',
    ...codes,
    '',
  ];
  return lines.filter((line) => line !== null).join('\r\n');
}

/** The recovery codes, shown this once, with Download (.txt) and Copy; "Done" hides them for good. */
function RecoveryCodes({ codes, reason, onDone }: { codes: string[]; reason: 'enabled' | 'regenerated'; onDone: () => void }) {
  const { user } = useSession();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const download = () => {
    saveBlob(new Blob([codesFile(codes, user?.name)], { type: 'text/plain;charset=utf-8' }), 'ahente-recovery-codes.txt');
  };
  const copy = async () => {
    try {
      await copyText(codes.join('\n'));
      toast.success('Recovery codes copied.');
    } catch {
      toast.error('The codes could not be copied. Select them and copy them by hand, or download them.');
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
        {reason === 'enabled' ? 'Two-factor sign-in is on. Your recovery codes:' : 'Your new recovery codes:'}
      </h3>
      <Notice
        tone="warning"
        detail="If you lose your phone, each code signs you in once. Download or copy them and keep them somewhere safe."
      >
        These codes are shown only now. You will not see them again.
      </Notice>
      <ol
        aria-label="Recovery codes"
        className="grid max-w-md grid-cols-1 gap-x-6 gap-y-1.5 rounded-lg bg-slate-50 px-4 py-3 font-mono text-sm text-slate-900 ring-1 ring-slate-900/10 ring-inset sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide whitespace-nowrap">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download
        </Button>
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </section>
  );
}
