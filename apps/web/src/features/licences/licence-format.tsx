import { forfeitCommissionRequest } from '@ahente/contract/commissions';
import type { LicenseStatus } from '@ahente/contract/licences';
import { LICENSE_EXPIRY_WARNING_DAYS, LICENSE_STATUS_LABELS } from '@ahente/contract/licence-rules';
import { RotateCw } from 'lucide-react';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { formatCalendarDate } from '../../lib/dates';
import { currentLocale } from '../../lib/locale';
import { useLanguage } from '../../i18n';
import './i18n';

/** A licence's rejection and a forfeit ask the same reason: required, at most 200 characters (the contract's rule). */
export const reasonSchema = forfeitCommissionRequest.pick({ reason: true });

const STATUS_TONES: Record<LicenseStatus, BadgeTone> = { pending: 'warning', verified: 'success', rejected: 'danger' };

/** Pending, Verified or Rejected: the word says it, the colour only repeats it. */
export function LicenceStatusBadge({ status }: { status: LicenseStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} dot>
      {LICENSE_STATUS_LABELS[status]}
    </Badge>
  );
}

type T = ReturnType<typeof useLanguage>['t'];

/** "Expires in 45 days", "Expires today", "Expired 3 days ago" (in the reader's language). */
export function expiryText(days: number, t: T): string {
  if (days === 0) return t('licences.expiry.today');
  if (days === 1) return t('licences.expiry.tomorrow');
  if (days > 1) return t('licences.expiry.in', { days: days.toLocaleString(currentLocale()) });
  if (days === -1) return t('licences.expiry.yesterday');
  return t('licences.expiry.ago', { days: (-days).toLocaleString(currentLocale()) });
}

/** The countdown to a licence's expiry: red once expired, amber within the warning window, grey before. */
export function ExpiryBadge({ days }: { days: number }) {
  const { t } = useLanguage();
  const tone: BadgeTone = days < 0 ? 'danger' : days <= LICENSE_EXPIRY_WARNING_DAYS ? 'warning' : 'neutral';
  return <Badge tone={tone}>{expiryText(days, t)}</Badge>;
}

/** A calendar date as the app shows it, in a <time>. */
export function CalendarDate({ value }: { value: string }) {
  return (
    <time dateTime={value} className="whitespace-nowrap">
      {formatCalendarDate(value)}
    </time>
  );
}

/** A section whose data could not be loaded: what failed, and Try again. */
export function LoadFailed({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => unknown }) {
  const { t } = useLanguage();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-900/5 ring-inset">
      <p className="font-medium text-slate-700">{message}</p>
      <Button variant="outline" size="sm" onClick={() => void onRetry()} loading={retrying}>
        {!retrying && <RotateCw aria-hidden="true" />}
        {t('licences.tryAgain')}
      </Button>
    </div>
  );
}
