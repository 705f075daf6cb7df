const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const shortDate = new Intl.DateTimeFormat('en-PH', { month: 'short', day: 'numeric' });
const shortDateWithYear = new Intl.DateTimeFormat('en-PH', { month: 'short', day: 'numeric', year: 'numeric' });
const fullTimestamp = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * When a notification arrived, as a person says it: "Just now", "5 min ago", "3 h ago",
 * "Yesterday", "4 days ago", then the date ("Mar 5", "Dec 30, 2025" in another year).
 */
export function relativeTime(value: string, now: Date = new Date()): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  const days = Math.floor(ago / DAY);
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return (at.getFullYear() === now.getFullYear() ? shortDate : shortDateWithYear).format(at);
}

/** The full date and time, for the tooltip of a relative one. */
export function fullTime(value: string): string {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : fullTimestamp.format(at);
}
