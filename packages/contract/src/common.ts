import { z } from 'zod';
import { isCalendarDate } from './dates.ts';

/** Limits of DESIGN §4: names 100, other single-line fields 200, descriptions 2,000. */
export const LIMITS = { name: 100, line: 200, description: 2000 } as const;

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
