import type { Ticket } from '@ahente/contract/tickets';
import { fullName } from '../../lib/names';

/** Tickets are an agency's business in the Philippines: their times read in Manila, wherever the browser is. */
const manilaDate = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'Asia/Manila' });
const manilaTime = new Intl.DateTimeFormat('en-PH', { timeStyle: 'short', timeZone: 'Asia/Manila' });

/** A timestamp as a date and a time in Manila: "Mar 5, 2026, 2:30 PM". Anything else is shown as given. */
export function manilaDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${manilaDate.format(date)}, ${manilaTime.format(date)}`;
}

/** Who opened a ticket: "Ana Reyes (ana_reyes)", or the agency for its own sample tickets. */
export function openedBy(ticket: Ticket): string {
  return ticket.member ? `${fullName(ticket.member)} (${ticket.member.username})` : 'the agency';
}

export const replyCountLabel = (n: number) => (n === 1 ? '1 reply' : `${n} replies`);
