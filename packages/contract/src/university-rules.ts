/**
 * University's constants (issue 47, decision 039), zod-free for the first screens (decision 014):
 * the dashboard's card and the catalogue read them before the route table's schemas are built.
 */

/** What a module is: a text written in Markdown, a material of the library (decision 022), or a video link. */
export const COURSE_MODULE_KINDS = ['text', 'material', 'video'] as const;
export type CourseModuleKind = (typeof COURSE_MODULE_KINDS)[number];

/** Whom a required course is for: everyone (onboarding), a position, or the members licensed for a line. */
export const REQUIRED_SCOPES = ['everyone', 'position', 'line'] as const;
export type RequiredScope = (typeof REQUIRED_SCOPES)[number];

/** A course as its editor sees it: a draft is seen by administrators only. */
export const COURSE_STATUSES = ['draft', 'published'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/**
 * Where a member stands in a course: not started, in progress, completed (a certificate in force),
 * expired (the certificate's validity has passed: the course is to be taken again).
 */
export const COURSE_STATES = ['not_started', 'in_progress', 'completed', 'expired'] as const;
export type CourseState = (typeof COURSE_STATES)[number];

export const COURSE_STATE_LABELS: Record<CourseState, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  completed: 'Completed',
  expired: 'Expired',
};

/** The quiz's defaults and bounds. */
export const DEFAULT_PASS_MARK = 70;
export const DEFAULT_ATTEMPTS_PER_DAY = 3;
export const MAX_ATTEMPTS_PER_DAY = 20;
export const MIN_CHOICES = 2;
export const MAX_CHOICES = 6;
export const MAX_QUESTIONS = 50;
export const MAX_MODULES = 50;
/** A text module's Markdown, in characters. */
export const MAX_MODULE_BODY = 20_000;
/** A certificate's validity, in months (none: it never expires). */
export const MAX_CERTIFICATE_MONTHS = 120;

/** A required course is due 30 days after the member joined, or after the course became required for them. */
export const REQUIRED_DUE_DAYS = 30;

/** The public page that checks a certificate: `<portal>/certificate/<code>`. */
export const CERTIFICATE_LINK_PREFIX = '/certificate/';

/** A verification code: 12 letters and digits without look-alikes (0/O, 1/I/L), shown as XXXX-XXXX-XXXX. */
export const CERTIFICATE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CERTIFICATE_CODE_PATTERN = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/** The course report's file, exported on the device like the other reports. */
export const COURSE_REPORT_FILE = 'course_report.xlsx';
