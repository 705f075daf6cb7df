import { i18n } from '../../i18n';
import { formatManilaDateTime, formatManilaShortDate } from '../../lib/dates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a notification arrived, as a person says it: "Just now", "5 min ago", "3 h ago",
 * "Yesterday", "4 days ago", then the date in Manila ("Mar 5", "Dec 30, 2025" in another year).
 */
export function relativeTime(value: string, now: Date = new Date()): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return i18n.t('bell.justNow');
  if (ago < HOUR) return i18n.t('bell.minAgo', { n: Math.floor(ago / MINUTE) });
  if (ago < DAY) return i18n.t('bell.hoursAgo', { n: Math.floor(ago / HOUR) });
  const days = Math.floor(ago / DAY);
  if (days === 1) return i18n.t('bell.yesterday');
  if (days < 7) return i18n.t('bell.daysAgo', { n: days });
  return formatManilaShortDate(value, now);
}

/** The full date and time in Manila, for the tooltip of a relative one. */
export const fullTime = (value: string): string => formatManilaDateTime(value);

/** Whether `relativeTime` says it relatively ("3 h ago", "4 days ago") rather than as a date: within a week. */
export function saidRelatively(value: string, now: Date = new Date()): boolean {
  const at = Date.parse(value);
  return !Number.isNaN(at) && now.getTime() - at < 7 * DAY;
}
