import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatManilaDate,
  formatManilaDateTime,
  formatManilaShortDate,
  formatMonth,
  formatTimestampParts,
  manilaYear,
  readableDates,
} from './dates';
import { setCurrentLocale } from './locale';

afterEach(() => setCurrentLocale('en-PH'));

/** A space of any kind: newer ICU data writes a narrow no-break space before AM/PM. */
const time = (text: string) => new RegExp(`^${text.replace(' ', '\\s')}$`);

describe('calendar dates', () => {
  it('writes a calendar date as the day it names, whatever the clock', () => {
    expect(formatCalendarDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatCalendarDate('2026-12-31')).toBe('Dec 31, 2026');
    // A timestamp's first ten characters are its day.
    expect(formatCalendarDate('2026-01-01T23:30:00Z')).toBe('Jan 1, 2026');
  });

  it('shows anything that is not a date as given', () => {
    expect(formatCalendarDate('soon')).toBe('soon');
    expect(formatCalendarDate('')).toBe('');
  });

  it('writes a month in the reader’s language', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
    setCurrentLocale('fil-PH');
    expect(formatMonth('2026-11')).toBe('Nobyembre 2026');
    expect(formatMonth('2026-11-01')).toBe('2026-11-01');
  });
});

describe('timestamps, in Manila time', () => {
  // 16:30 UTC is half past midnight of the next day in Manila (UTC+8).
  const lateUtc = '2026-03-04T16:30:00.000Z';

  it("writes a timestamp as Manila's date and time, wherever the device is", () => {
    expect(formatManilaDate(lateUtc)).toBe('Mar 5, 2026');
    const parts = formatTimestampParts('2026-03-05T06:30:00.000Z');
    expect(parts.date).toBe('Mar 5, 2026');
    expect(parts.time).toMatch(time('2:30 PM'));
    expect(formatManilaDateTime(lateUtc)).toMatch(/^Mar 5, 2026, 12:30\sAM$/);
  });

  it('shows a value that is not a timestamp as given', () => {
    expect(formatManilaDate('never')).toBe('never');
    expect(formatManilaDateTime('never')).toBe('never');
    expect(formatTimestampParts('never')).toEqual({ date: 'never', time: '' });
    expect(formatManilaShortDate('never')).toBe('never');
  });

  it("leaves out the year of this year's (Manila) dates only", () => {
    const now = new Date('2026-06-01T00:00:00.000Z');
    expect(formatManilaShortDate(lateUtc, now)).toBe('Mar 5');
    expect(formatManilaShortDate('2025-12-30T02:00:00.000Z', now)).toBe('Dec 30, 2025');
    // Manila's new year comes eight hours before UTC's.
    expect(formatManilaShortDate('2025-12-31T17:00:00.000Z', now)).toBe('Jan 1');
  });

  it("answers Manila's year", () => {
    expect(manilaYear(new Date('2026-12-31T15:59:00.000Z'))).toBe(2026);
    expect(manilaYear(new Date('2026-12-31T16:00:00.000Z'))).toBe(2027);
  });
});

describe('readableDates', () => {
  it("writes a sentence's calendar dates as people read them, and leaves the rest", () => {
    expect(readableDates('Add your licence on 2026-12-02 or 2027-01-15.')).toBe('Add your licence on Dec 2, 2026 or Jan 15, 2027.');
    expect(readableDates('Ref 2026-02-30 is not a day; 20261202 is not a date')).toBe(
      'Ref 2026-02-30 is not a day; 20261202 is not a date',
    );
  });
});
