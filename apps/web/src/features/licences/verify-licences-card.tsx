import { BadgeCheck, Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { ComplianceLicense } from '@ahente/contract/licences';
import { serverReason } from '../../api/client';
import { useCompliance, useVerifyLicence } from './api';
import { formatTimestampParts } from '../../lib/dates';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { Dash } from '../../ui/dash';
import { reasonSchema, CalendarDate, ExpiryBadge, LoadFailed } from './licence-format';
import { ReasonModal } from '../../ui/reason-modal';
import { ScanPreview } from './scan-preview';
import { memberIdText } from '@ahente/contract/labels';

/** The licence whose rejection is being asked; `seq` gives each opening its own dialog (an empty reason). */
type Rejecting = { licence: ComplianceLicense; open: boolean; seq: number };

const what = (l: ComplianceLicense) => `${l.member_name}'s ${l.line} licence`;

/**
 * Licences to verify (decision 018): every pending licence, oldest first as the server lists them,
 * with its scan shown inline. Verify makes it count for commission; Reject asks a reason, which the
 * member reads in Settings, Licences. Each licence is decided once (the server's 409 is shown).
 */
export function VerifyLicencesCard({ id }: { id?: string }) {
  const compliance = useCompliance();
  const verify = useVerifyLicence();
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const [deciding, setDeciding] = useState<number | null>(null);
  const rows = compliance.data?.to_verify ?? [];

  const decide = (licence: ComplianceLicense, decision: 'verified' | 'rejected', reason?: string) => {
    if (verify.isPending) return;
    setDeciding(licence.id);
    verify.mutate(
      { license_id: licence.id, decision, reason: reason ?? null },
      {
        onSuccess: () => {
          toast.success(decision === 'verified' ? `${what(licence)} is verified.` : `${what(licence)} is rejected.`);
          setRejecting((current) => (current ? { ...current, open: false } : current));
        },
        onError: (error) => {
          const reason = serverReason(error);
          const action = decision === 'verified' ? 'verify' : 'reject';
          toast.error(
            reason ? `Failed to ${action} ${what(licence)}: ${reason}` : `Failed to ${action} ${what(licence)}. Please try again.`,
          );
        },
        onSettled: () => setDeciding(null),
      },
    );
  };

  return (
    <div id={id} className="scroll-mt-6">
      <CardSection
        title="Licences to Verify"
        icon={<BadgeCheck />}
        description="Check each licence against its scan and the Insurance Commission's records. Only a verified licence lets its holder be paid commission."
        aria-busy={compliance.isPending || undefined}
      >
        {compliance.isError ? (
          <LoadFailed message="The licences to verify could not be loaded." retrying={compliance.isFetching} onRetry={compliance.refetch} />
        ) : compliance.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-40 w-full" />
            <span className="sr-only" role="status">
              Loading the licences to verify…
            </span>
          </div>
        ) : rows.length === 0 ? (
          <EmptyState compact icon={<BadgeCheck />} title="No licences to verify" description="Licences members add appear here." />
        ) : (
          <ul aria-label="Licences to verify" className="flex flex-col gap-4">
            {rows.map((licence) => (
              <PendingLicence
                key={licence.id}
                licence={licence}
                busy={deciding === licence.id}
                disabled={verify.isPending}
                onVerify={() => decide(licence, 'verified')}
                onReject={() => setRejecting((current) => ({ licence, open: true, seq: (current?.seq ?? 0) + 1 }))}
              />
            ))}
          </ul>
        )}
      </CardSection>

      {rejecting && (
        <ReasonModal
          key={rejecting.seq}
          open={rejecting.open}
          onOpenChange={(open) => !open && setRejecting((current) => (current ? { ...current, open: false } : current))}
          title="Reject Licence"
          description={`${what(rejecting.licence)}${rejecting.licence.license_no ? `, No. ${rejecting.licence.license_no}` : ''}. The member sees the reason.`}
          hint="What is wrong, e.g. the number does not match the scan"
          confirmLabel="Reject Licence"
          schema={reasonSchema}
          busy={verify.isPending}
          onConfirm={(reason) => decide(rejecting.licence, 'rejected', reason)}
        />
      )}
    </div>
  );
}

function PendingLicence({
  licence,
  busy,
  disabled,
  onVerify,
  onReject,
}: {
  licence: ComplianceLicense;
  busy: boolean;
  disabled: boolean;
  onVerify: () => void;
  onReject: () => void;
}) {
  const headingId = useId();
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4">
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <div className="flex min-w-0 flex-col gap-3">
          <h3 id={headingId} className="text-sm font-semibold text-slate-900">
            {licence.member_name}
            <span className="font-normal text-slate-600">{` · ${licence.line}`}</span>
            <span className="block text-xs font-normal text-slate-500">{memberIdText(licence.member_id)}</span>
          </h3>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div className="min-w-0">
              <dt className="text-xs text-slate-500">Licence number</dt>
              <dd className="break-words text-slate-800">{licence.license_no ?? <Dash />}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-slate-500">Insurer</dt>
              <dd className="break-words text-slate-800">{licence.insurer ?? <Dash />}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Issued on</dt>
              <dd className="text-slate-800">
                <CalendarDate value={licence.issued_on} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Expires on</dt>
              <dd className="text-slate-800">
                <CalendarDate value={licence.expires_on} />
                <span className="mt-1 block">
                  <ExpiryBadge days={licence.days_to_expiry} />
                </span>
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-slate-500">Added</dt>
              <dd className="text-slate-800">{formatTimestampParts(licence.created_at).date}</dd>
            </div>
          </dl>
          <div className="mt-auto flex flex-wrap gap-2">
            <Button size="sm" onClick={onVerify} loading={busy} disabled={disabled && !busy}>
              {!busy && <Check aria-hidden="true" />}
              Verify<span className="sr-only">{` ${what(licence)}`}</span>
            </Button>
            <Button size="sm" variant="outline" onClick={onReject} disabled={disabled}>
              <X aria-hidden="true" />
              Reject<span className="sr-only">{` ${what(licence)}`}</span>
            </Button>
          </div>
        </div>
        <ScanPreview licenseId={licence.id} hasScan={licence.has_scan} label={what(licence)} />
      </div>
    </li>
  );
}
