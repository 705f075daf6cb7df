import { z } from 'zod';
import { addDays } from './dates.ts';
import { controlCharacterMessage, hasControlCharacter, idField, memberIdSchema, optionalText } from './common.ts';

/**
 * My data and erasure (decision 027): a member's copy of their data, their request to be erased,
 * the admin's decision, and the queue of privacy requests with their deadlines.
 */

/** What a member asks of the data protection officer through Settings (a ticket of type privacy is the other way). */
export const PRIVACY_REQUEST_KINDS = ['erasure'] as const;
export const PRIVACY_REQUEST_STATUSES = ['open', 'approved', 'refused'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];
export const ERASURE_DECISIONS = ['approved', 'refused'] as const;
export type ErasureDecision = (typeof ERASURE_DECISIONS)[number];

export const PRIVACY_REQUEST_STATUS_LABELS: Record<PrivacyRequestStatus, string> = {
  open: 'Waiting for a decision',
  approved: 'Approved: your data was erased',
  refused: 'Refused',
};

/** What an erased member is called wherever their name appears. */
export const erasedMemberName = (id: number) => `Erased member #${id}`;

export { myDataFileName } from './files.ts';

/** Days a data subject's request is answered within (NPC Advisory 2021-01): working days. */
export const PRIVACY_REQUEST_WORKING_DAYS = 30;

/**
 * The Philippine regular holidays that fall on the same date every year (RA 9492 as amended:
 * New Year's Day, Araw ng Kagitingan, Labor Day, Independence Day, Bonifacio Day, Christmas Day,
 * Rizal Day), as MM-DD. Movable holidays (Maundy Thursday, Good Friday, National Heroes Day,
 * Eid'l Fitr, Eid'l Adha) and special non-working days are not skipped: the deadline errs early.
 */
export const FIXED_REGULAR_HOLIDAYS = ['01-01', '04-09', '05-01', '06-12', '11-30', '12-25', '12-30'] as const;

/** Whether `day` (YYYY-MM-DD) is a working day: Monday to Friday and not a fixed-date regular holiday. */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !(FIXED_REGULAR_HOLIDAYS as readonly string[]).includes(day.slice(5));
}

/** The `n`th working day after `day` (the day of receipt does not count). */
export function workingDaysAfter(day: string, n: number = PRIVACY_REQUEST_WORKING_DAYS): string {
  let current = day;
  let left = n;
  while (left > 0) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) left -= 1;
  }
  return current;
}

/** GET /api/mydata/:id */
export const myDataParams = z.object({ id: idField('id') });

/** requesterasure: the member confirms with their current password (never trimmed). */
export const requestErasureRequest = z.object({
  id: memberIdSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is incorrect')
    .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Password')),
});
export type RequestErasureRequest = z.input<typeof requestErasureRequest>;

/** A member's erasure request as they see it in Settings → Privacy. */
export const myPrivacyRequest = z.object({
  id: z.number(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  requested_at: z.string(),
  /** The last day it is answered by (YYYY-MM-DD). */
  due_on: z.string(),
  decided_at: z.string().nullable(),
  /** The administrator's reason (given when refused; optional when approved). */
  reason: z.string().nullable(),
});
export type MyPrivacyRequest = z.infer<typeof myPrivacyRequest>;

export const requestErasureResponse = z.object({ request: myPrivacyRequest });

/** myprivacy: the member's latest erasure request (open or decided), or null. */
export const myPrivacyResponse = z.object({ request: myPrivacyRequest.nullable() });
export type MyPrivacyResponse = z.infer<typeof myPrivacyResponse>;

export const DECIDE_REASON_MAX = 500;

/** decideerasure: approve (anonymises the member, for good) or refuse with a reason. */
export const decideErasureRequest = z
  .object({
    member_id: idField('member_id'),
    decision: z.enum(ERASURE_DECISIONS, { error: 'Decision must be approved or refused' }),
    reason: optionalText('Reason', DECIDE_REASON_MAX),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.decision === 'refused' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'A reason is required to refuse' });
  });
export type DecideErasureRequest = z.input<typeof decideErasureRequest>;
export type DecideErasureInput = z.output<typeof decideErasureRequest>;

export const decideErasureResponse = z.object({ success: z.literal(true), request: myPrivacyRequest });

/** One entry of the admin's queue: an erasure request or a ticket of type privacy. */
export const privacyQueueItem = z.object({
  /** 'erasure' (privacy_requests) or 'ticket' (a ticket of type privacy: a copy or a correction). */
  kind: z.enum(['erasure', 'ticket']),
  /** The request's id (erasure) or the ticket's id. */
  id: z.number(),
  member: z.object({ id: z.number(), name: z.string(), username: z.string() }).nullable(),
  /** The ticket's title; null for an erasure request. */
  title: z.string().nullable(),
  received_at: z.string(),
  due_on: z.string(),
  /** Past its deadline (Manila's today is after due_on) while still open. */
  overdue: z.boolean(),
  status: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  reason: z.string().nullable(),
});
export type PrivacyQueueItem = z.infer<typeof privacyQueueItem>;

/** privacyrequests: the open requests oldest first, and the ones decided in the last 90 days, newest first. */
export const privacyRequestsResponse = z.object({
  open: z.array(privacyQueueItem),
  decided: z.array(privacyQueueItem),
  today: z.string(),
});
export type PrivacyRequestsResponse = z.infer<typeof privacyRequestsResponse>;

/** The JSON files of the export, in the order they are written. */
export const MY_DATA_FILES = [
  'profile',
  'personal-details',
  'bank-details',
  'certifications',
  'licences',
  'deals',
  'proposals',
  'sales',
  'commission-entries',
  'commission-statements',
  'withholding',
  'tickets',
  'notifications',
  'consents',
  'access-log',
  'privacy-requests',
] as const;
export type MyDataFile = (typeof MY_DATA_FILES)[number];
