import type { TicketStatus } from '@ahente/contract/tickets';
import { Badge, type BadgeTone } from '../../ui/badge';

const TONES: Record<TicketStatus, BadgeTone> = { Pending: 'warning', Resolved: 'success', Rejected: 'danger' };

/** Pending amber, Resolved green, Rejected red; the word always says it. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {status}
    </Badge>
  );
}
