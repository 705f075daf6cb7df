import { z } from 'zod';
import { MSG } from './messages.ts';
import { CONSENT_REQUIRED_MESSAGE } from './privacy-notice.ts';
import { mfaCodeField } from './security.ts';
import {
  contactField,
  controlCharacterMessage,
  emailField,
  hasControlCharacter,
  memberIdSchema,
  nameField,
  optionalText,
  passwordField,
  LIMITS,
} from './common.ts';

export const loginRequest = z.object({
  username: z
    .string({ error: MSG.loginMissing })
    .trim()
    .min(1, MSG.loginMissing)
    .max(LIMITS.line)
    .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Username')),
  password: z
    .string({ error: MSG.loginMissing })
    .min(1, MSG.loginMissing)
    .max(200)
    .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Password')),
  /** The second step (decision 027): a six-digit code or a recovery code, for a member with two-factor sign-in. */
  code: mfaCodeField.optional(),
});
export type LoginRequest = z.input<typeof loginRequest>;

export { LANGUAGES, type Language } from './languages.ts';
import { LANGUAGES } from './languages.ts';

/** POST /api/setlanguage: the language the signed-in member reads the portal in, on every device. */
export const setLanguageRequest = z.object({
  language: z.enum(LANGUAGES, { error: 'Language must be en or fil' }),
});
export type SetLanguageRequest = z.input<typeof setLanguageRequest>;

export { sessionUser, type SessionUser } from './session.ts';

/**
 * A right password on an account that is not Approved ('Your account is not approved. Please
 * contact support.', verbatim, in `error`), and who sponsored the sign-up (their display name, null
 * without a referral code), so that the login page can say whose agency reviews it (decision 001).
 * Only the account's own password gets it.
 */
export const notApprovedResponse = z.object({ status: z.string(), error: z.string(), sponsor: z.string().nullable().optional() });

/**
 * POST /api/referralsponsor (public, decision 001): the display name of the member whose referral
 * code this is, for the sign-up page, and nothing else. A code sign-up would refuse is 404 'Invalid
 * referral code'; unknown codes count against the address like sign-ups (decision 001).
 */
export const referralSponsorRequest = z.object({
  code: z
    .string({ error: MSG.registerInvalidReferral })
    .trim()
    .min(1, MSG.registerInvalidReferral)
    .max(20, MSG.registerInvalidReferral)
    .refine((v) => !hasControlCharacter(v), MSG.registerInvalidReferral)
    .transform((v) => v.toUpperCase()),
});
export type ReferralSponsorRequest = z.input<typeof referralSponsorRequest>;
export const referralSponsorResponse = z.object({ name: z.string() });
export type ReferralSponsorResponse = z.infer<typeof referralSponsorResponse>;

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/**
 * The registration payload: username, password, e-mail, last name, first name and contact number
 * required; middle name and referral code optional; and the privacy notice's consent.
 */
export const registerRequest = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(50, 'Username must be at most 50 characters')
    .regex(USERNAME_PATTERN, 'Username may use letters, digits, dots, dashes and underscores only'),
  password: passwordField,
  email: emailField,
  lname: nameField('Last name'),
  fname: nameField('First name'),
  mname: optionalText('Middle name', LIMITS.name),
  contact: contactField,
  refCode: z
    .string()
    .trim()
    .max(20, 'Invalid referral code')
    .refine((v) => !hasControlCharacter(v), 'Invalid referral code')
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
  /** The privacy notice's checkbox (decision 027): nothing is saved without it. */
  consent: z.literal(true, { error: CONSENT_REQUIRED_MESSAGE }),
});
export type RegisterRequest = z.input<typeof registerRequest>;
export type RegisterInput = z.output<typeof registerRequest>;
export const registerResponse = z.object({ id: z.number() });

/**
 * changepassword: one's own needs `current_password` (checked by the server, never trimmed); an
 * admin changing another member's password does not.
 */
export const changePasswordRequest = z.object({
  id: memberIdSchema,
  password: passwordField,
  current_password: z
    .string()
    .max(200, 'Current password is incorrect')
    .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Current password'))
    .optional(),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;
