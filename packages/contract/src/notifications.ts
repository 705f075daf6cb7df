import { z } from 'zod';
import { LIMITS, controlCharacterMessage, hasControlCharacter, idField, memberIdSchema, passwordField } from './common.ts';
import { CURSOR_NEEDS_LIMIT, cursorField, pageFields, pageLimitField } from './paging.ts';

/**
 * Notifications (decision 026): every event is in the portal (the bell) and, when the agency has
 * e-mail set up and the member wants it, by e-mail. The texts are the server's
 * (features/notifications/events.ts) and the decision record's.
 */
export const NOTIFICATION_EVENTS = [
  'policy_due',
  'policy_lapsed',
  'member_approved',
  'signup_pending',
  'new_recruit',
  'ticket_answered',
  'ticket_closed',
  'statement_ready',
  'statement_paid',
  'licence_expiring',
  'sale_verified',
  'sale_rejected',
  'commission_held',
  'commission_released',
  'form2307_ready',
  // A sign-in from a device never seen before (decision 027).
  'new_device',
  // The account's e-mail address was changed; (administrators) a member reported a change as not theirs (decision 027).
  'email_changed',
  'email_change_reported',
  // The code step of the account was closed after too many wrong codes (decision 027).
  'mfa_codes_limited',
  // (Administrators) a member asked for a BIR Form 2307 the agency's unset tax details keep from being issued (decision 019).
  'agency_tax_details_missing',
  // A client opened, accepted or declined a proposal through its link (decision 038).
  'proposal_opened',
  'proposal_accepted',
  'proposal_declined',
  // A client asked for a quote from the member's E-Store (decision 040).
  'store_request',
  // University (decision 039): a course became required of the member, is due in two weeks, a certificate expires.
  'course_assigned',
  'course_due',
  'certificate_expiring',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** What Settings → Notifications calls each event. */
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  policy_due: 'A policy of mine is due for renewal',
  policy_lapsed: 'A policy of mine lapsed',
  member_approved: 'My account was approved',
  signup_pending: 'A new sign-up is waiting for approval (administrators)',
  new_recruit: 'Someone signed up with my referral code',
  ticket_answered: 'My ticket was answered',
  ticket_closed: 'My ticket was closed',
  statement_ready: 'My monthly statement is ready',
  statement_paid: 'My statement was paid',
  licence_expiring: 'My licence is expiring',
  sale_verified: 'A sale of mine was verified',
  sale_rejected: 'A sale of mine was rejected',
  commission_held: 'A commission of mine was held',
  commission_released: 'A held commission of mine was released',
  form2307_ready: 'My BIR Form 2307 is ready',
  new_device: 'Someone signed in to my account from a new device',
  email_changed: 'The e-mail address of my account was changed',
  email_change_reported: 'A member reported an e-mail change they did not make (administrators)',
  mfa_codes_limited: 'Too many wrong two-factor codes were entered for my account',
  agency_tax_details_missing: "The agency's tax details are needed for a BIR Form 2307 (administrators)",
  proposal_opened: 'A client opened a proposal of mine',
  proposal_accepted: 'A client accepted a proposal of mine',
  proposal_declined: 'A client declined a proposal of mine',
  store_request: 'A client asked for a quote from my E-Store',
  course_assigned: 'A course is required of me',
  course_due: 'A required course of mine is due soon',
  certificate_expiring: 'A course certificate of mine is expiring',
};

/** The events only administrators receive (Settings → Notifications offers them to administrators only). */
export const ADMIN_NOTIFICATION_EVENTS: readonly NotificationEvent[] = [
  'signup_pending',
  'email_change_reported',
  'agency_tax_details_missing',
];

/** Days before a policy's expiry (and a licence's) when a reminder goes out. */
export const REMINDER_DAYS = [60, 30, 7] as const;

/**
 * POST notifications: the member's notifications, newest first (by when they were made, then id),
 * at most NOTIFICATION_LIST_LIMIT (the bell). With `limit` (decision 036's paging): a page of
 * `limit` after `cursor`, for the page of all notifications.
 */
export const NOTIFICATION_LIST_LIMIT = 50;
export const notificationsRequest = z
  .object({
    id: memberIdSchema,
    unread_only: z.boolean({ error: 'unread_only must be true or false' }).optional().default(false),
    limit: pageLimitField,
    cursor: cursorField('notifications'),
  })
  .strict()
  .refine((v) => v.limit !== undefined || v.cursor === null, { path: ['cursor'], message: CURSOR_NEEDS_LIMIT });
export type NotificationsRequest = z.input<typeof notificationsRequest>;

export const notificationRecord = z.object({
  id: z.number(),
  event: z.enum(NOTIFICATION_EVENTS),
  title: z.string(),
  body: z.string(),
  /** A path inside the portal. */
  link: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationRecord = z.infer<typeof notificationRecord>;

export const notificationsResponse = z.object({
  /** Every unread notification of the member (the bell's count), not only the listed ones. */
  unread: z.number(),
  rows: z.array(notificationRecord),
  /** Only when a `limit` was sent: the next page's cursor (null after the last) and how many notifications the filter has in all. */
  next_cursor: pageFields.next_cursor.optional(),
  count: pageFields.count.optional(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** POST readnotifications: marks the caller's own notifications read; `all: true` marks every one. */
export const readNotificationsRequest = z
  .object({
    ids: z
      .array(idField('Notification id'), { error: 'ids must be a list' })
      .max(500, 'At most 500 notifications at once')
      .optional()
      .default([]),
    all: z.boolean({ error: 'all must be true or false' }).optional().default(false),
  })
  .strict()
  .refine((v) => v.all || v.ids.length > 0, { path: ['ids'], message: 'Choose at least one notification' });
export type ReadNotificationsRequest = z.input<typeof readNotificationsRequest>;
export const readNotificationsResponse = z.object({ unread: z.number() });

/** GET/POST notificationpreferences: which events the member wants by e-mail too. */
export const notificationPreferences = z.object({
  /** Whether the agency has e-mail set up (SMTP_URL); without it only the portal's bell carries events. */
  email_enabled: z.boolean(),
  email: z.record(z.enum(NOTIFICATION_EVENTS), z.boolean()),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
export const setNotificationPreferencesRequest = z
  .object({
    id: memberIdSchema,
    email: z.partialRecord(z.enum(NOTIFICATION_EVENTS), z.boolean({ error: 'Each choice must be true or false' })),
  })
  .strict();
export type SetNotificationPreferencesRequest = z.input<typeof setNotificationPreferencesRequest>;

/** GET loginoptions: what the login page offers before anyone is logged in. */
export const loginOptions = z.object({ password_reset: z.boolean() });
export type LoginOptions = z.infer<typeof loginOptions>;

/** POST forgotpassword: a username or an e-mail; the answer is the same whether or not it exists. */
export const forgotPasswordRequest = z
  .object({
    login: z
      .string({ error: 'Username or email is required' })
      .trim()
      .min(1, 'Username or email is required')
      .max(LIMITS.line, `Username or email must be at most ${LIMITS.line} characters`)
      .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Username or email')),
  })
  .strict();
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;
export const FORGOT_PASSWORD_SENT = 'If an account matches, we sent it a link to reset the password. The link works once, for 30 minutes.';
export const forgotPasswordResponse = z.object({ message: z.string() });

/** POST resetpassword: the token from the e-mailed link and the new password. */
export const resetPasswordRequest = z
  .object({
    // The link's token: base64url (43 characters as the server makes them).
    token: z
      .string({ error: 'The reset link is not valid' })
      .min(20, 'The reset link is not valid')
      .max(200, 'The reset link is not valid')
      .regex(/^[A-Za-z0-9_-]+$/, 'The reset link is not valid'),
    password: passwordField,
  })
  .strict();
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;
export const RESET_LINK_INVALID = 'This reset link has expired or was already used. Ask for a new one.';
export const RESET_LINK_MINUTES = 30;

/** GET mailstatus (admins): whether e-mail is on, and the outbox's state. */
export const mailStatus = z.object({
  email_enabled: z.boolean(),
  /** Waiting to be sent, retries included. */
  pending: z.number(),
  /** Given up after the last attempt (kept 30 days). */
  failed: z.number(),
  sent_last_24h: z.number(),
});
export type MailStatus = z.infer<typeof mailStatus>;
