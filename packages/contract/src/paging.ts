import { z } from 'zod';
import { isCalendarDate } from './dates.ts';

/**
 * Server-side paging of the long lists (decision 036): the deals table, the sales table and the
 * commission ledger, in pages of `limit` rows (1–500), each page after the `cursor` the previous
 * one gave. The lists are ordered newest date first, then newest id: a cursor is the date and id of
 * the last row sent (keyset paging, not OFFSET), so a row added meanwhile neither repeats nor hides
 * a row of a later page.
 */

export { DEFAULT_PAGE_SIZE, PAGE_LIMIT_MAX } from './paging-rules.ts';
import { PAGE_LIMIT_MAX } from './paging-rules.ts';

export const PAGE_LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;
export const BAD_CURSOR_MESSAGE = 'Cursor is not one this list gave';
export const CURSOR_NEEDS_LIMIT = 'A cursor needs a limit';

/** Which list a cursor belongs to: a cursor of one is refused by the others. */
export type PagedList = 'deals' | 'sales' | 'ledger' | 'notifications' | 'statement_lines' | 'proposals';
const LIST_TAG: Record<PagedList, string> = {
  deals: 'd1',
  sales: 's1',
  ledger: 'l1',
  notifications: 'n1',
  statement_lines: 'r1',
  proposals: 'p1',
};

/** A server timestamp as the API writes it (Date#toISOString, UTC): the notifications' order (decision 023). */
const isIsoTimestamp = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * Where a page starts: after the row with this date (YYYY-MM-DD; a timestamp for notifications;
 * '' for a statement's lines, which are in file order, by id alone) and id.
 */
export interface PagePosition {
  date: string;
  id: number;
}

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

/** The cursor of the page after the row `position` of `list`: opaque to clients. */
export function encodeCursor(list: PagedList, position: PagePosition): string {
  return toBase64Url(JSON.stringify([LIST_TAG[list], position.date, position.id]));
}

/** The position a cursor of `list` names, or null for anything this server did not give for it. */
export function decodeCursor(list: PagedList, cursor: string): PagePosition | null {
  if (cursor.length > 100 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let value: unknown;
  try {
    value = JSON.parse(fromBase64Url(cursor));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [tag, date, id] = value as unknown[];
  if (tag !== LIST_TAG[list] || typeof date !== 'string') return null;
  const dateOk =
    list === 'notifications' || list === 'proposals'
      ? isIsoTimestamp(date)
      : list === 'statement_lines'
        ? date === ''
        : isCalendarDate(date);
  if (!dateOk) return null;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return null;
  return { date, id };
}

/** `limit`: a whole number from 1 to PAGE_LIMIT_MAX, or absent (undefined). */
export const pageLimitField = z
  .number({ error: PAGE_LIMIT_MESSAGE })
  .int(PAGE_LIMIT_MESSAGE)
  .min(1, PAGE_LIMIT_MESSAGE)
  .max(PAGE_LIMIT_MAX, PAGE_LIMIT_MESSAGE)
  .optional();

/** `cursor`: absent, null or '' for the first page; otherwise one the server gave for this list. */
export const cursorField = (list: PagedList) =>
  z
    .string({ error: BAD_CURSOR_MESSAGE })
    .nullish()
    .transform((v, ctx): PagePosition | null => {
      if (!v) return null;
      const position = decodeCursor(list, v);
      if (!position) {
        ctx.addIssue({ code: 'custom', message: BAD_CURSOR_MESSAGE, input: v });
        return z.NEVER;
      }
      return position;
    });

/** What every page answer carries besides its rows: the next page's cursor (null after the last) and how many rows the whole filter has. */
export const pageFields = {
  next_cursor: z.string().nullable(),
  count: z.number(),
};
