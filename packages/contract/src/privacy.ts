/**
 * Privacy (decision 027): the kinds of sensitive data whose reads by someone other than their owner
 * are logged, and how each reads on screen. Payload schemas of the privacy routes are declared in
 * this file too (consent and notice, my data and erasure, the access log).
 */
import { z } from 'zod';
import { LIMITS, MAX_ID, memberIdSchema, optionalCalendarDate, optionalText } from './common.ts';
import { MSG } from './messages.ts';

/** What an access-log entry says was read. */
export const ACCESS_KINDS = [
  'personal_details',
  'valid_id',
  'bank_details',
  'tin',
  'licences',
  'licence_scan',
  'data_export',
  // A members list an administrator read (names, username, e-mail; never an address or phone; decision 027).
  'member_list',
] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export const ACCESS_KIND_LABELS: Record<AccessKind, string> = {
  personal_details: 'Personal details',
  valid_id: 'Valid ID',
  bank_details: 'Bank details',
  tin: 'TIN',
  licences: 'Licences',
  licence_scan: 'Licence scan',
  data_export: 'Data export',
  member_list: 'Name and e-mail, in a members list',
};

// ---------------------------------------------------------------- the access log (decision 027)

export const ACCESS_LOG_PAGE_SIZES = [25, 50, 100] as const;
/** At most this many entries go to one export (the newest first). */
export const ACCESS_LOG_EXPORT_LIMIT = 50_000;
export { ACCESS_LOG_EXPORT_FILE_NAME } from './files.ts';

const page = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(MAX_ID)
  .default(1);
const pageSize = z.coerce
  .number({ error: 'pageSize must be a number' })
  .refine((v) => (ACCESS_LOG_PAGE_SIZES as readonly number[]).includes(v), `pageSize must be one of ${ACCESS_LOG_PAGE_SIZES.join(', ')}`)
  .default(25);

/** POST accesslog {id}: the entries about member `id` (the member or an admin), newest first. */
export const accessLogRequest = z.object({ id: memberIdSchema, page, pageSize }).strict();
export type AccessLogRequest = z.input<typeof accessLogRequest>;
export type AccessLogInput = z.output<typeof accessLogRequest>;

/** One read of someone's sensitive data, as the data's owner sees it: who, what, when. */
export const accessLogEntry = z.object({
  id: z.number(),
  /** ISO 8601 instant (UTC). */
  at: z.string(),
  what: z.enum(ACCESS_KINDS),
  what_label: z.string(),
  /** Which record or file, when the kind alone does not say (a licence, a quarter's alphalist). */
  detail: z.string().nullable(),
  actor_id: z.number(),
  actor_name: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntry>;

export const accessLogResponse = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  rows: z.array(accessLogEntry),
});
export type AccessLogResponse = z.infer<typeof accessLogResponse>;

/** A text filter naming a member: part of their name, or their id. */
const memberFilter = (label: string) => optionalText(label, LIMITS.name);

/** The admin's filters of the whole log; `from`/`to` are days in Manila time, inclusive. */
const adminAccessLogFilters = z.object({
  /** Who read: part of the name, or the id. */
  actor: memberFilter('Reader'),
  /** Whose data: part of the name, or the id. */
  subject: memberFilter('Member'),
  what: z.enum(ACCESS_KINDS, { error: `what must be one of ${ACCESS_KINDS.join(', ')}` }).optional(),
  from: optionalCalendarDate('From'),
  to: optionalCalendarDate('To'),
});
const rangeInOrder = (v: { from: string | null; to: string | null }) => !v.from || !v.to || v.from <= v.to;

/** POST adminaccesslog (admins): one page of the whole log, filtered, newest first. */
export const adminAccessLogRequest = adminAccessLogFilters
  .extend({ page, pageSize })
  .strict()
  .refine(rangeInOrder, { path: ['to'], message: MSG.dateRangeReversed });
export type AdminAccessLogRequest = z.input<typeof adminAccessLogRequest>;
export type AdminAccessLogInput = z.output<typeof adminAccessLogRequest>;

/** POST adminaccesslogexport (admins): the same filters, every entry (at most ACCESS_LOG_EXPORT_LIMIT), as .xlsx. */
export const adminAccessLogExportRequest = adminAccessLogFilters
  .strict()
  .refine(rangeInOrder, { path: ['to'], message: MSG.dateRangeReversed });
export type AdminAccessLogExportRequest = z.input<typeof adminAccessLogExportRequest>;
export type AdminAccessLogExportInput = z.output<typeof adminAccessLogExportRequest>;

/** An entry as admins see it: also whose data, and the reader's address. */
export const adminAccessLogEntry = accessLogEntry.extend({
  subject_id: z.number(),
  subject_name: z.string(),
  ip: z.string().nullable(),
});
export type AdminAccessLogEntry = z.infer<typeof adminAccessLogEntry>;

export const adminAccessLogResponse = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  rows: z.array(adminAccessLogEntry),
});
export type AdminAccessLogResponse = z.infer<typeof adminAccessLogResponse>;
