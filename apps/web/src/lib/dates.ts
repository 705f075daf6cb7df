import { perLocale } from './locale';

/** Display helpers for the calendar dates and timestamps of the API (DESIGN §6), in the reader's locale (en-PH or fil-PH). */

const calendarFormat = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }));

/** "2026-03-05" → "Mar 5, 2026" (a calendar date: no time zone shifts it). Anything else is shown as given. */
export function formatCalendarDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return calendarFormat().format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

const dayFormat = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }));
const timeFormat = perLocale((l) => new Intl.DateTimeFormat(l, { timeStyle: 'short' }));

/** A timestamp in local time as its date and its time: { date: "Mar 5, 2026", time: "2:30 PM" }. */
export function formatTimestampParts(value: string): { date: string; time: string } {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return { date: value, time: '' };
  return { date: dayFormat().format(date), time: timeFormat().format(date) };
}

const manilaDate = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'Asia/Manila' }));
const manilaTime = perLocale((l) => new Intl.DateTimeFormat(l, { timeStyle: 'short', timeZone: 'Asia/Manila' }));

/** A timestamp as a date and a time in Philippine time, wherever the browser is: "Mar 5, 2026, 2:30 PM". Anything else is shown as given. */
export function formatManilaDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${manilaDate().format(date)}, ${manilaTime().format(date)}`;
}

/** A timestamp's calendar date in Philippine time: "Mar 5, 2026". */
export function formatManilaDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : manilaDate().format(date);
}

const monthFormat = perLocale((l) => new Intl.DateTimeFormat(l, { month: 'long', year: 'numeric', timeZone: 'UTC' }));

/** A month 'YYYY-MM' as people read it, in the reader's locale: '2026-11' → 'November 2026' / 'Nobyembre 2026'. Anything else is shown as given. */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return monthFormat().format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
}
