import type { Ticket } from '@ahente/contract/tickets';
import { fullName } from '@ahente/contract/names';

/** Who opened a ticket: "Ana Reyes (ana_reyes)", or the agency for its own sample tickets. */
export function openedBy(ticket: Ticket): string {
  return ticket.member ? `${fullName(ticket.member)} (${ticket.member.username})` : 'the agency';
}

export const replyCountLabel = (n: number) => (n === 1 ? '1 reply' : `${n} replies`);
