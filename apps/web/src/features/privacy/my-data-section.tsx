import { zodResolver } from '@hookform/resolvers/zod';
import { Download, FileArchive, LifeBuoy, ShieldAlert, UserX } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { erasedMemberName, PRIVACY_REQUEST_WORKING_DAYS, requestErasureRequest, type MyPrivacyRequest } from '@ahente/contract/my-data';
import { isApiError, serverReason } from '../../api/client';
import { downloadMyData, useMyPrivacy, useRequestErasure } from '../../api/privacy';
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
import { useFileDownload } from './use-file-download';
import { RequestStatusBadge } from './privacy-format';

/** What the copy holds, as a member would name it. */
const COPY_HOLDS =
  'your profile, personal and bank details, certifications, licences, deals, sales, commission entries and statements, BIR Form 2307 figures, tickets, notifications, the privacy notices you accepted and who accessed your data';

/** What erasure removes for good. */
const ERASED = [
  'Your name, username, e-mail address and contact number',
  'Your address, birthday and TIN',
  'Your bank details and certifications',
  'Your photo, valid ID and licence scans (the files are deleted)',
];

/**
 * Settings → Privacy, the member's own data (issue 24 §2): "Download my data" (a .zip of every kind
 * of record and the uploaded files), how to ask for a correction, and "Request erasure" with what
 * it erases, what the law keeps, and the request's status, deadline and decision.
 */
export function MyDataSection() {
  const user = useCurrentUser();
  return (
    <>
      <DownloadCard memberId={user.user} />
      <ErasureCard memberId={user.user} />
    </>
  );
}

function DownloadCard({ memberId }: { memberId: number }) {
  const { busy, run } = useFileDownload();
  const download = () => run(() => downloadMyData(memberId));
  return (
    <CardSection
      title="Your data"
      icon={<FileArchive />}
      description="Download a copy of everything the portal keeps about you, and correct what is wrong."
    >
      <div className="flex flex-col gap-4">
        <p className="max-w-3xl text-sm text-slate-700">
          {`The copy is a .zip file: one JSON file for each kind of record (${COPY_HOLDS}) and the files you uploaded (your photo, valid ID and licence scans).`}
        </p>
        <div>
          <Button variant="outline" loading={busy} onClick={() => void download()}>
            {!busy && <Download aria-hidden="true" />}
            Download my data
          </Button>
        </div>
        <p className="flex max-w-3xl items-start gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-600 ring-1 ring-slate-900/5 ring-inset">
          <LifeBuoy aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span>
            You can correct most of your details yourself in the other tabs of Settings. To correct what you cannot change yourself (your
            name once your account is approved, for example), open a ticket of type Privacy in the{' '}
            <Link to="/helpcenter" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              Help Center
            </Link>
            .
          </span>
        </p>
      </div>
    </CardSection>
  );
}

function ErasureCard({ memberId }: { memberId: number }) {
  const mine = useMyPrivacy(memberId);
  const [dialog, setDialog] = useState<{ open: boolean; seq: number }>({ open: false, seq: 0 });
  const request = mine.data?.request ?? null;
  const open = request?.status === 'open';
  return (
    <CardSection
      title="Request erasure"
      icon={<UserX />}
      description="Ask the agency to erase your personal data and close your account for good."
      aria-busy={mine.isPending || undefined}
    >
      <div className="flex flex-col gap-5">
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="rounded-lg border border-slate-200 p-4">
            <h3 className="text-sm font-semibold text-slate-900">What erasure removes</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {ERASED.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-slate-700">Once it is done you can no longer sign in. It cannot be undone.</p>
          </div>
          <div className="rounded-lg border border-slate-200 p-4">
            <h3 className="text-sm font-semibold text-slate-900">What the law keeps</h3>
            <p className="mt-2 text-sm text-slate-700">
              {`The agency must keep its books for five years (the Tax Code, as amended by the EOPT Act). Your sales, commission entries and statements and BIR Form 2307 figures stay, shown as "${erasedMemberName(memberId)}" instead of your name, and are deleted when that period ends.`}
            </p>
          </div>
        </div>
        <p className="text-sm text-slate-600">
          {`An administrator answers your request within ${PRIVACY_REQUEST_WORKING_DAYS} working days. You can download your data first.`}
        </p>

        {mine.isPending ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-5 w-56" />
            <Skeleton className="h-5 w-72" />
            <span className="sr-only" role="status">
              Loading your erasure request…
            </span>
          </div>
        ) : mine.isError ? (
          <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-900/5 ring-inset">
            <p className="font-medium text-slate-700">Your erasure request could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void mine.refetch()} loading={mine.isFetching}>
              Try again
            </Button>
          </div>
        ) : (
          request && <RequestStatus request={request} />
        )}

        {!mine.isPending && !mine.isError && !open && request?.status !== 'approved' && (
          <div>
            <Button variant="danger" onClick={() => setDialog((d) => ({ open: true, seq: d.seq + 1 }))}>
              <ShieldAlert aria-hidden="true" />
              {request?.status === 'refused' ? 'Request erasure again' : 'Request erasure'}
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
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Your erasure request
        </h3>
        <RequestStatusBadge status={request.status} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-500">Requested</dt>
        <dd className="text-slate-800">
          <time dateTime={request.requested_at}>{formatManilaDateTime(request.requested_at)}</time>
        </dd>
        {request.status === 'open' ? (
          <>
            <dt className="text-slate-500">Answer due by</dt>
            <dd className="font-medium text-slate-900">
              <time dateTime={request.due_on}>{formatCalendarDate(request.due_on)}</time>
            </dd>
          </>
        ) : (
          request.decided_at && (
            <>
              <dt className="text-slate-500">Decided</dt>
              <dd className="text-slate-800">
                <time dateTime={request.decided_at}>{formatManilaDate(request.decided_at)}</time>
              </dd>
            </>
          )
        )}
        {request.reason && (
          <>
            <dt className="text-slate-500">Reason</dt>
            <dd className="break-words whitespace-pre-line text-slate-800">{request.reason}</dd>
          </>
        )}
      </dl>
      {request.status === 'open' && (
        <p className="mt-3 text-sm text-slate-600">One request at a time: you can ask again once this one is decided.</p>
      )}
      {request.status === 'refused' && (
        <p className="mt-3 text-sm text-slate-600">Your data stays as it is. If you still want it erased, you may ask again.</p>
      )}
    </section>
  );
}

interface PasswordValues {
  password: string;
}
const passwordSchema = formSchemaFor<PasswordValues>()(requestErasureRequest.pick({ password: true }));

/** Asks for the member's password, then sends the request; the server's refusal shows on the field (a wrong password) or as a toast. */
function ErasureDialog({ memberId, open, onOpenChange }: { memberId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
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
      toast.success(`Your erasure request was sent. The agency answers by ${formatCalendarDate(request.due_on)}.`);
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error, 409)) {
        toast.error(error.error);
        onOpenChange(false);
      } else if (isApiError(error, 400)) {
        form.setError('password', { message: error.error }, { shouldFocus: true });
      } else {
        const reason = serverReason(error);
        toast.error(reason ? `Your request could not be sent. ${reason}` : 'Your request could not be sent.');
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
      title="Request erasure of your data?"
      description="An administrator erases your personal data for good once they approve it, and you can no longer sign in. Confirm with your password."
      initialFocus={inputRef}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={busy}>
            Request erasure
          </Button>
        </>
      }
    >
      <form id={formId} noValidate aria-busy={busy || undefined} onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <Field label="Password" hint="Your current password." error={form.formState.errors.password?.message}>
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
