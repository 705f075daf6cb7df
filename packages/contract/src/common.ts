import { z } from 'zod';
import { isCalendarDate } from './dates.ts';

/** The most characters a text field takes: names 100, other single-line fields 200, descriptions 2,000. */
export const LIMITS = { name: 100, line: 200, description: 2000 } as const;

/**
 * The largest id a record can have: ids are 32-bit integer columns on PostgreSQL (and the same
 * bound holds on SQLite, so both databases answer alike).
 */
export const MAX_ID = 2_147_483_647;

/** Control characters (C0, DEL, C1): never in single-line text. PostgreSQL cannot even store NUL. */
const CONTROL_CHARACTER = /\p{Cc}/u;
export const hasControlCharacter = (v: string) => CONTROL_CHARACTER.test(v);
export const controlCharacterMessage = (label: string) => `${label} may not contain control characters`;

export const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A record id as the client sends it: a number or a numeric string, "{label} is required" when
 * absent or blank and "{label} must be a number" otherwise.
 */
export const idField = (label: string, options: { allowZero?: boolean; requiredMessage?: string } = {}) => {
  const required = options.requiredMessage ?? `${label} is required`;
  const invalid = `${label} must be a number`;
  return z
    .union([z.number(), z.string()], { error: (iss) => (isBlank(iss.input) ? required : invalid) })
    .transform((value, ctx): number => {
      const text = typeof value === 'string' ? value.trim() : String(value);
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: required, input: value });
        return z.NEVER;
      }
      if (!/^\d{1,15}$/.test(text) || Number(text) < (options.allowZero ? 0 : 1)) {
        ctx.addIssue({ code: 'custom', message: invalid, input: value });
        return z.NEVER;
      }
      if (Number(text) > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${MAX_ID}`, input: value });
        return z.NEVER;
      }
      return Number(text);
    });
};

/**
 * A member id. The spec's fallback id '000' parses to 0, which is never a real member (the
 * ownership check answers 403).
 */
export const memberIdSchema = idField('id', { allowZero: true });

export const idBody = z.object({ id: memberIdSchema });
export type IdBody = z.input<typeof idBody>;

/** `{id}` of a path such as /api/downloadmaterial/{id}. */
export const idParams = z.object({ id: idField('id') });

export const nameField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.name, `${label} must be at most ${LIMITS.name} characters`)
    .refine((v) => !hasControlCharacter(v), controlCharacterMessage(label));

export const lineField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.line, `${label} must be at most ${LIMITS.line} characters`)
    .refine((v) => !hasControlCharacter(v), controlCharacterMessage(label));

/** Optional single-line text: '' and null both mean "no value" and are stored as null. */
export const optionalText = (label: string, max: number = LIMITS.line) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !hasControlCharacter(v), controlCharacterMessage(label))
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * The years a date of this portal may fall in: a birthday, a policy's dates, a filter's bounds. A
 * real date past them (9999-12-31) is a typing slip that would be stored and shown as if meant
 * (found by the fuzzer, decision 031: its default expiry was stored as '+010000-12').
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2100;
const inYears = (v: string) => {
  if (!isCalendarDate(v)) return true;
  const year = Number(v.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
};
const yearsMessage = (label: string) => `${label} must be between ${FIRST_YEAR} and ${LAST_YEAR}`;

export const calendarDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isCalendarDate, `${label} must be a real date (YYYY-MM-DD)`)
    .refine(inYears, yearsMessage(label));

export const optionalCalendarDate = (label: string) =>
  z
    .string()
    .nullish()
    .transform((v) => (v ? v.slice(0, 10) : null))
    .refine((v) => v === null || isCalendarDate(v), `${label} must be a real date (YYYY-MM-DD)`)
    .refine((v) => v === null || inYears(v), yearsMessage(label));

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .max(LIMITS.line, `Email must be at most ${LIMITS.line} characters`)
  .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Email'))
  .pipe(z.email('Email is not a valid email address'));

/** Digits only, at most 11. */
export const contactField = z
  .string({ error: 'Contact number is required' })
  .trim()
  .regex(/^\d{1,11}$/, 'Contact number must be digits only, at most 11');

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters')
  .refine((v) => v.trim().length > 0, 'Password cannot be empty!')
  .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Password'));

export const errorResponse = z.object({
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const successResponse = z.object({ success: z.literal(true) });
