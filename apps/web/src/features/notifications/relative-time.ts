import { i18n } from '../../i18n';
import { perLocale } from '../../lib/locale';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const shortDate = perLocale((l) => new Intl.DateTimeFormat(l, { month: 'short', day: 'numeric' }));
const shortDateWithYear = perLocale((l) => new Intl.DateTimeFormat(l, { month: 'short', day: 'numeric', year: 'numeric' }));
const fullTimestamp = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }));

/**
 * When a notification arrived, as a person says it: "Just now", "5 min ago", "3 h ago",
 * "Yesterday", "4 days ago", then the date ("Mar 5", "Dec 30, 2025" in another year).
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
  return (at.getFullYear() === now.getFullYear() ? shortDate : shortDateWithYear)().format(at);
}

/** The full date and time, for the tooltip of a relative one. */
export function fullTime(value: string): string {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : fullTimestamp().format(at);
}
