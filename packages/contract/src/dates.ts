/** YYYY-MM-DD calendar dates: real dates only (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Inclusive on both ends; an empty bound is open. */
export function inDateRange(date: string, from?: string, to?: string): boolean {
  const day = date.slice(0, 10);
  if (from && day < from) return false;
  if (to && day > to) return false;
  return true;
}

/** The number format of every date cell of the exports (decision 005): 2026-03-05, a real date a spreadsheet sorts and filters. */
export const DATE_EXCEL_FORMAT = 'yyyy-mm-dd';

/** A calendar date 'YYYY-MM-DD' as the Date of its midnight UTC, so that a spreadsheet's date cell holds that day; null for anything else. */
export function excelCalendarDate(value: string | null): Date | null {
  const m = value === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.slice(0, 10));
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** Today in Manila (UTC+8, no daylight saving) as YYYY-MM-DD. */
export function todayInManila(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** Built on first use, not at module load (see money.ts's `pesoFormat`). */
let dayFormat: Intl.DateTimeFormat | null = null;

/**
 * A calendar date 'YYYY-MM-DD' as a sentence of the server writes it (decision 023):
 * '2026-12-02' → 'Dec 2, 2026', the web's own date style in English (lib/dates.ts
 * formatCalendarDate). Anything else is shown as given.
 */
export function formatDay(day: string): string {
  if (!isCalendarDate(day)) return day;
  dayFormat ??= new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' });
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** Built on first use, not at module load (see money.ts's `pesoFormat`). */
let monthFormat: Intl.DateTimeFormat | null = null;

/** A month 'YYYY-MM' as people read it: '2026-11' → 'November 2026'. Anything else is shown as given. */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  monthFormat ??= new Intl.DateTimeFormat('en-PH', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return monthFormat.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
}

/** The month after 'YYYY-MM': '2026-12' → '2027-01'. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The one definition of a period's days (decision 023): month 'YYYY-MM' as of `today` (Manila,
 * YYYY-MM-DD) runs from its first day up to today when it is the current month, its last day
 * when it is past: a sale dated later this month is not counted in "this month" until its day
 * comes. `before` is the day after `to` (for an exclusive upper bound). Reports' monthly figures,
 * the admin dashboard's "this month" and the leaderboard's "This month" all use it.
 */
export function monthUpToToday(month: string, today: string): { from: string; to: string; before: string } {
  const from = `${month}-01`;
  const end = addDays(`${nextMonth(month)}-01`, -1);
  const to = end < today ? end : today;
  return { from, to, before: addDays(to, 1) };
}

/** `day` plus `days` (negative for earlier), both YYYY-MM-DD: '2026-11-24' + 7 → '2026-12-01'. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `today` to `date` (negative once past), both YYYY-MM-DD. */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * Where a dated, append-only schedule stands on `today` (commission rates, withholding rates):
 * `history` newest effective date first, then newest set. The current row is the first in force
 * (the latest set when two share a date); the next is the latest set of the nearest future date.
 */
export function scheduleAt<T extends { effective_from: string }>(
  history: readonly T[],
  today: string,
): { current: T | null; next: T | null } {
  const current = history.find((r) => r.effective_from <= today) ?? null;
  const upcoming = history.filter((r) => r.effective_from > today);
  const nearest = upcoming.length ? upcoming[upcoming.length - 1]!.effective_from : null;
  return { current, next: nearest === null ? null : upcoming.find((r) => r.effective_from === nearest)! };
}
