import type { DealStatus } from '@ahente/contract/enums';
import { Badge, type BadgeTone } from '../../ui/badge';

/** Each deal status in its own tone; the text always names it. */
const TONES: Record<DealStatus, BadgeTone> = {
  'For Quotation': 'info',
  'Under Negotiation': 'warning',
  'For Application': 'brand',
  'For Billing': 'brand',
  'For Payment Collection': 'success',
  'Did not Continue': 'neutral',
};

export function DealStatusBadge({ status }: { status: DealStatus }) {
  return (
    <Badge tone={TONES[status] ?? 'neutral'} dot>
      {status}
    </Badge>
  );
}
