import { zodResolver } from '@hookform/resolvers/zod';
import { Download, FileArchive, LifeBuoy, ShieldAlert, UserX } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { erasedMemberName, PRIVACY_REQUEST_WORKING_DAYS, requestErasureRequest, type MyPrivacyRequest } from '@ahente/contract/my-data';
import { isApiError, serverReason } from '../../api/client';
import { downloadMyData, useMyPrivacy, useRequestErasure } from './api';
import { useCurrentUser } from '../../api/session';
import { formatCalendarDate, formatManilaDate, formatManilaDateTime } from '../../lib/dates';
import { formSchemaFor } from '../../lib/form-schema';
import { setRefs } from '../../lib/set-refs';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { useLanguage } from '../../i18n';
import './i18n';
import { useFileDownload } from './use-file-download';
import { RequestStatusBadge } from './privacy-format';

/** What erasure removes for good (the privacy area's keys). */
const ERASED = ['privacy.erasure.removes1', 'privacy.erasure.removes2', 'privacy.erasure.removes3', 'privacy.erasure.removes4'] as const;

/**
 * Settings → Privacy, the member's own data (decision 027): "Download my data" (a .zip of every
 * kind of record and the uploaded files), how to ask for a correction, and "Request erasure" with
 * what it erases, what the law keeps, and the request's status, deadline and decision.
 */
export function MyDataSection() {
  const user = useCurrentUser();
  return (
    <>
      <DownloadCard memberId={user.memberId} />
      <ErasureCard memberId={user.memberId} />
    </>
  );
}

function DownloadCard({ memberId }: { memberId: number }) {
  const { t } = useLanguage();
  const { busy, run } = useFileDownload();
  const download = () => run(() => downloadMyData(memberId));
  return (
    <CardSection title={t('privacy.download.title')} icon={<FileArchive />} description={t('privacy.download.description')}>
      <div className="flex flex-col gap-4">
        <p className="max-w-3xl text-sm text-slate-700">{t('privacy.download.copyIs', { holds: t('privacy.download.holds') })}</p>
        <div>
          <Button variant="outline" loading={busy} onClick={() => void download()}>
            {!busy && <Download aria-hidden="true" />}
            {t('privacy.download.button')}
          </Button>
        </div>
        <p className="flex max-w-3xl items-start gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-600 ring-1 ring-slate-900/5 ring-inset">
          <LifeBuoy aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span>
            {t('privacy.download.correctBefore')}
            <Link to="/helpcenter" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              {t('privacy.download.helpCenter')}
            </Link>
            {t('privacy.download.correctAfter')}
          </span>
        </p>
      </div>
    </CardSection>
  );
}

function ErasureCard({ memberId }: { memberId: number }) {
  const { t } = useLanguage();
  const mine = useMyPrivacy(memberId);
  const [dialog, setDialog] = useState<{ open: boolean; seq: number }>({ open: false, seq: 0 });
  const request = mine.data?.request ?? null;
  const open = request?.status === 'open';
  return (
    <CardSection
      title={t('privacy.erasure.title')}
      icon={<UserX />}
      description={t('privacy.erasure.description')}
      aria-busy={mine.isPending || undefined}
    >
      <div className="flex flex-col gap-5">
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="rounded-lg border border-slate-200 p-4">
            <h3 className="text-sm font-semibold text-slate-900">{t('privacy.erasure.removesTitle')}</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {ERASED.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-slate-700">{t('privacy.erasure.final')}</p>
          </div>
          <div className="rounded-lg border border-slate-200 p-4">
            <h3 className="text-sm font-semibold text-slate-900">{t('privacy.erasure.lawTitle')}</h3>
            <p className="mt-2 text-sm text-slate-700">{t('privacy.erasure.law', { erased: erasedMemberName(memberId) })}</p>
          </div>
        </div>
        <p className="text-sm text-slate-600">{t('privacy.erasure.answers', { days: PRIVACY_REQUEST_WORKING_DAYS })}</p>

        {mine.isPending ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-5 w-56" />
            <Skeleton className="h-5 w-72" />
            <span className="sr-only" role="status">
              {t('privacy.erasure.loading')}
            </span>
          </div>
        ) : mine.isError ? (
          <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-900/5 ring-inset">
            <p className="font-medium text-slate-700">{t('privacy.erasure.failed')}</p>
            <Button variant="outline" size="sm" onClick={() => void mine.refetch()} loading={mine.isFetching}>
              {t('privacy.erasure.tryAgain')}
            </Button>
          </div>
        ) : (
          request && <RequestStatus request={request} />
        )}

        {!mine.isPending && !mine.isError && !open && request?.status !== 'approved' && (
          <div>
            <Button variant="danger" onClick={() => setDialog((d) => ({ open: true, seq: d.seq + 1 }))}>
              <ShieldAlert aria-hidden="true" />
              {request?.status === 'refused' ? t('privacy.erasure.again') : t('privacy.erasure.button')}
            </Button>
          </div>
        )}
      </div>
      <ErasureDialog
        key={dialog.seq}
        memberId={memberId}
        open={dialog.open}
        onOpenChange={(next) => setDialog((d) => ({ ...d, open: next }))}
      />
    </CardSection>
  );
}

/** The member's latest request: its status, when it was made, its deadline, and the decision once made. */
function RequestStatus({ request }: { request: MyPrivacyRequest }) {
  const { t } = useLanguage();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {t('privacy.request.title')}
        </h3>
        <RequestStatusBadge status={request.status} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-500">{t('privacy.request.requested')}</dt>
        <dd className="text-slate-800">
          <time dateTime={request.requested_at}>{formatManilaDateTime(request.requested_at)}</time>
        </dd>
        {request.status === 'open' ? (
          <>
            <dt className="text-slate-500">{t('privacy.request.due')}</dt>
            <dd className="font-medium text-slate-900">
              <time dateTime={request.due_on}>{formatCalendarDate(request.due_on)}</time>
            </dd>
          </>
        ) : (
          request.decided_at && (
            <>
              <dt className="text-slate-500">{t('privacy.request.decided')}</dt>
              <dd className="text-slate-800">
                <time dateTime={request.decided_at}>{formatManilaDate(request.decided_at)}</time>
              </dd>
            </>
          )
        )}
        {request.reason && (
          <>
            <dt className="text-slate-500">{t('privacy.request.reason')}</dt>
            <dd className="break-words whitespace-pre-line text-slate-800">{request.reason}</dd>
          </>
        )}
      </dl>
      {request.status === 'open' && <p className="mt-3 text-sm text-slate-600">{t('privacy.request.oneAtATime')}</p>}
      {request.status === 'refused' && <p className="mt-3 text-sm text-slate-600">{t('privacy.request.refused')}</p>}
    </section>
  );
}

interface PasswordValues {
  password: string;
}
const passwordSchema = formSchemaFor<PasswordValues>()(requestErasureRequest.pick({ password: true }));

/** Asks for the member's password, then sends the request; the server's refusal shows on the field (a wrong password) or as a toast. */
function ErasureDialog({ memberId, open, onOpenChange }: { memberId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLanguage();
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const send = useRequestErasure();
  const form = useForm<PasswordValues, unknown, { password: string }>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { password: '' },
  });
  const field = form.register('password');
  const busy = send.isPending;

  const submit = async ({ password }: { password: string }) => {
    if (busy) return;
    try {
      const { request } = await send.mutateAsync({ id: memberId, password });
      toast.success(t('privacy.dialog.sent', { date: formatCalendarDate(request.due_on) }));
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error, 409)) {
        toast.error(error.error);
        onOpenChange(false);
      } else if (isApiError(error, 400)) {
        form.setError('password', { message: error.error }, { shouldFocus: true });
      } else {
        const reason = serverReason(error);
        toast.error(reason ? t('privacy.dialog.sendFailedReason', { reason }) : t('privacy.dialog.sendFailed'));
      }
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
      title={t('privacy.dialog.title')}
      description={t('privacy.dialog.description')}
      initialFocus={inputRef}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('privacy.dialog.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={busy}>
            {t('privacy.dialog.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate aria-busy={busy || undefined} onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <Field label={t('privacy.dialog.password')} hint={t('privacy.dialog.passwordHint')} error={form.formState.errors.password?.message}>
          <Input
            {...field}
            ref={(element: HTMLInputElement | null) => setRefs<HTMLInputElement>(element, field.ref, inputRef)}
            type="password"
            autoComplete="current-password"
            maxLength={200}
            disabled={busy}
          />
        </Field>
      </form>
    </Modal>
  );
}
