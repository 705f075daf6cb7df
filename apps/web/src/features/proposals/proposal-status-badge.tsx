import type { ProposalStatus } from '@ahente/contract/proposal-rules';
import { useLanguage } from '../../i18n';
import './i18n';
import { Badge, type BadgeTone } from '../../ui/badge';

const TONES: Record<ProposalStatus, BadgeTone> = {
  draft: 'neutral',
  sent: 'info',
  accepted: 'success',
  declined: 'danger',
  expired: 'warning',
  withdrawn: 'neutral',
};

/** A proposal's status: its word always shown (colour is never the only signal). */
export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  const { t } = useLanguage();
  return (
    <Badge tone={TONES[status]} dot>
      {t(`proposals.statuses.${status}`)}
    </Badge>
  );
}
