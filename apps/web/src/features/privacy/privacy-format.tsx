import { PRIVACY_REQUEST_STATUS_LABELS, type PrivacyRequestStatus } from '@ahente/contract/my-data';
import { Badge, type BadgeTone } from '../../ui/badge';

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
