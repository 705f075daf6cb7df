import { PRIVACY_REQUEST_STATUS_LABELS, type PrivacyRequestStatus } from '@ahente/contract/my-data';
import { Badge, type BadgeTone } from '../../ui/badge';

/** Privacy is an agency's business in the Philippines: its times read in Manila, wherever the browser is. */
const manilaDate = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'Asia/Manila' });
const manilaTime = new Intl.DateTimeFormat('en-PH', { timeStyle: 'short', timeZone: 'Asia/Manila' });

/** A timestamp as a date and a time in Manila: "Mar 5, 2026, 2:30 PM". Anything else is shown as given. */
export function manilaDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${manilaDate.format(date)}, ${manilaTime.format(date)}`;
}

/** A timestamp's day in Manila: "Mar 5, 2026". */
export function manilaDay(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return manilaDate.format(date);
}

const STATUS_TONES: Record<PrivacyRequestStatus, BadgeTone> = { open: 'warning', approved: 'success', refused: 'danger' };

/** A member's erasure request's status, in words (colour is never the only signal). */
export function RequestStatusBadge({ status }: { status: PrivacyRequestStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} dot>
      {PRIVACY_REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Past its deadline while still open. */
export function OverdueBadge() {
  return (
    <Badge tone="danger" dot>
      Overdue
    </Badge>
  );
}
