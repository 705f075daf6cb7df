import { isCalendarDate, todayInManila } from '@ahente/contract/dates';
import { perLocale } from './locale';

/**
 * Display helpers for the calendar dates and timestamps of the API, in the reader's locale (en-PH
 * or fil-PH). Every date and time a person reads is Manila's, the agency's clock, whatever the
 * device's time zone (decision 023): timestamps are formatted here with `timeZone: 'Asia/Manila'`,
 * calendar dates as the day they name. No other module of the web app makes a date formatter
 * without a time zone or reads the device's calendar (eslint.config.js).
 */

const calendarFormat = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }));

/** "2026-03-05" → "Mar 5, 2026" (a calendar date: no time zone shifts it). Anything else is shown as given. */
export function formatCalendarDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return calendarFormat().format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

const manilaDate = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'Asia/Manila' }));
const manilaTime = perLocale((l) => new Intl.DateTimeFormat(l, { timeStyle: 'short', timeZone: 'Asia/Manila' }));

/** A timestamp as its date and its time in Philippine time, wherever the device is (decision 023): { date: "Mar 5, 2026", time: "2:30 PM" }. */
export function formatTimestampParts(value: string): { date: string; time: string } {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return { date: value, time: '' };
  return { date: manilaDate().format(date), time: manilaTime().format(date) };
}

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

const manilaShortDate = perLocale((l) => new Intl.DateTimeFormat(l, { month: 'short', day: 'numeric', timeZone: 'Asia/Manila' }));
const manilaShortDateYear = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'Asia/Manila' }));

/** A timestamp's Manila day without its year when it is this year's (Manila): "Mar 5", else "Dec 30, 2025". */
export function formatManilaShortDate(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return (todayInManila(date).slice(0, 4) === todayInManila(now).slice(0, 4) ? manilaShortDate : manilaShortDateYear)().format(date);
}

/** This year in Manila, for a footer's ©. */
export const manilaYear = (now: Date = new Date()): number => Number(todayInManila(now).slice(0, 4));

/** A server's sentence with its calendar dates as people read them: "… licence on 2026-12-02" → "… licence on Dec 2, 2026" (texts stored before decision 023). */
export const readableDates = (text: string): string =>
  text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => (isCalendarDate(day) ? formatCalendarDate(day) : day));
