import { z } from 'zod';
import { isCalendarDate } from './dates.ts';

/** Limits of DESIGN §4: names 100, other single-line fields 200, descriptions 2,000. */
export const LIMITS = { name: 100, line: 200, description: 2000 } as const;

/**
 * A member id as the client sends it: a number or a numeric string. The spec's fallback id
 * '000' parses to 0, which is never a real member.
 */
export const memberIdSchema = z
  .union([z.number(), z.string().regex(/^\d{1,15}$/, 'id must be a number')], {
    error: (iss) => (iss.input === undefined || iss.input === null ? 'id is required' : 'id must be a number'),
  })
  .transform((v) => Number(v))
  .pipe(z.number().int('id must be a whole number').nonnegative('id must be a number'));

export const idBody = z.object({ id: memberIdSchema });
export type IdBody = z.input<typeof idBody>;

export const idParams = z.object({
  id: z.string().regex(/^\d{1,15}$/, 'id must be a number').transform(Number),
});

export const nameField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.name, `${label} must be at most ${LIMITS.name} characters`);

export const lineField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.line, `${label} must be at most ${LIMITS.line} characters`);

/** Optional text: '' and null both mean "no value" and are stored as null. */
export const optionalText = (label: string, max: number = LIMITS.line) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const calendarDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isCalendarDate, `${label} must be a real date (YYYY-MM-DD)`);

export const optionalCalendarDate = (label: string) =>
  z
    .string()
    .nullish()
    .transform((v) => (v ? v.slice(0, 10) : null))
    .refine((v) => v === null || isCalendarDate(v), `${label} must be a real date (YYYY-MM-DD)`);

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .max(LIMITS.line, `Email must be at most ${LIMITS.line} characters`)
  .pipe(z.email('Email is not a valid email address'));

/** Digits only, at most 11 (spec §5, §9). */
export const contactField = z
  .string({ error: 'Contact number is required' })
  .trim()
  .regex(/^\d{1,11}$/, 'Contact number must be digits only, at most 11');

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters')
  .refine((v) => v.trim().length > 0, 'Password cannot be empty!');

export const errorResponse = z.object({
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const successResponse = z.object({ success: z.literal(true) });
