import { BadgeCheck, Download, FilePlus2 } from 'lucide-react';
import { useId } from 'react';
import type { LicenseRecord } from '@ahente/contract/licences';
import { serverReason } from '../../api/client';
import { useDownloadLicenceScan, useLicences } from './api';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { formatTimestampParts } from '../../lib/dates';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { LicenceForm } from './licence-form';
import { Dash } from '../../ui/dash';
import { CalendarDate, ExpiryBadge, LicenceStatusBadge, LoadFailed } from './licence-format';

/**
 * /settings/licences (decision 018): the member's Insurance Commission licences, newest first, each
 * with its status (Pending until the agency verifies it), the countdown to its expiry and its scan;
 * then the form that adds one.
 */
export function LicencesTab() {
  const user = useCurrentUser();
  const licences = useLicences(user.memberId);
  const list = licences.data ?? [];
  const { t } = useLanguage();

  return (
    <div className="flex flex-col gap-5">
      <CardSection
        title={t('licences.title')}
        icon={<BadgeCheck />}
        description={t('licences.description')}
        aria-busy={licences.isPending || undefined}
      >
        {licences.isError ? (
          <LoadFailed message={t('licences.loadFailed')} retrying={licences.isFetching} onRetry={licences.refetch} />
        ) : licences.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
            <span className="sr-only" role="status">
              {t('licences.loading')}
            </span>
          </div>
        ) : list.length === 0 ? (
          <EmptyState compact icon={<BadgeCheck />} title={t('licences.noneTitle')} description={t('licences.noneDescription')} />
        ) : (
          <ul aria-label={t('licences.listLabel')} className="flex flex-col gap-3">
            {list.map((licence) => (
              <LicenceItem key={licence.id} licence={licence} />
            ))}
          </ul>
        )}
      </CardSection>

      <CardSection title={t('licences.addTitle')} icon={<FilePlus2 />} description={t('licences.addDescription')}>
        <LicenceForm mode="own" />
      </CardSection>
    </div>
  );
}

/** One licence: line and number, status (who decided, when, why), the term and its countdown, the scan. */
function LicenceItem({ licence }: { licence: LicenseRecord }) {
  const headingId = useId();
  const download = useDownloadLicenceScan();
  const { t } = useLanguage();
  const decidedOn = licence.decided_at ? formatTimestampParts(licence.decided_at).date : null;

  const onDownload = () => {
    if (download.isPending) return;
    download.mutate(licence.id, {
      onError: (error) => {
        const reason = serverReason(error);
        toast.error(reason ? t('licences.item.downloadFailedReason', { reason }) : t('licences.item.downloadFailed'));
      },
    });
  };

  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-slate-200 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {t('licences.item.title', { line: licence.line })}
          {licence.license_no && (
            <span className="font-normal text-slate-600">{t('licences.item.number', { number: licence.license_no })}</span>
          )}
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <LicenceStatusBadge status={licence.status} />
          <ExpiryBadge days={licence.days_to_expiry} />
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <dt className="text-xs text-slate-500">{t('licences.item.insurer')}</dt>
          <dd className="break-words text-slate-800">{licence.insurer ?? <Dash />}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('licences.item.issuedOn')}</dt>
          <dd className="text-slate-800">
            <CalendarDate value={licence.issued_on} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('licences.item.expiresOn')}</dt>
          <dd className="text-slate-800">
            <CalendarDate value={licence.expires_on} />
          </dd>
        </div>
      </dl>
      {licence.status === 'rejected' && (
        <p className="mt-3 text-sm text-red-800">
          <span className="font-medium">{t('licences.item.reason')}</span>
          <span className="break-words">{licence.rejection_reason ?? t('licences.item.noneGiven')}</span>
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <p className="text-xs text-slate-500">
          {licence.status === 'pending'
            ? t('licences.item.waiting')
            : `${licence.status === 'verified' ? t('licences.item.verified') : t('licences.item.rejected')}${licence.decided_by_name ? t('licences.item.by', { name: licence.decided_by_name }) : ''}${decidedOn ? t('licences.item.on', { date: decidedOn }) : ''}.`}
        </p>
        {licence.has_scan && licence.scan_url ? (
          <Button variant="outline" size="sm" loading={download.isPending} onClick={onDownload}>
            {!download.isPending && <Download aria-hidden="true" />}
            {t('licences.item.downloadScan')}
            <span className="sr-only">{t('licences.item.downloadScanOf', { line: licence.line })}</span>
          </Button>
        ) : (
          <p className="text-xs text-slate-500">{t('licences.item.noScan')}</p>
        )}
      </div>
    </li>
  );
}
