import type { PrivacyRequestStatus } from '@ahente/contract/my-data';
import { useLanguage } from '../../i18n';
import './i18n';
import { Badge, type BadgeTone } from '../../ui/badge';

const STATUS_TONES: Record<PrivacyRequestStatus, BadgeTone> = { open: 'warning', approved: 'success', refused: 'danger' };

/** A member's erasure request's status, in words (colour is never the only signal): PRIVACY_REQUEST_STATUS_LABELS in English. */
export function RequestStatusBadge({ status }: { status: PrivacyRequestStatus }) {
  const { t } = useLanguage();
  return (
    <Badge tone={STATUS_TONES[status]} dot>
      {t(`privacy.request.status.${status}`)}
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
