import { z } from 'zod';
import { ACCOUNT_TYPES, MEMBER_STATUSES } from './enums.ts';
import { LANGUAGES } from './languages.ts';

/*
 * The session's answer alone, in a module that builds no other schema: the web app parses GET
 * /api/me before its first render, and only this schema need be built for it (decision 014).
 * Re-exported by auth.ts.
 */

/** The login response (`user` is the member id) plus the photo for the popup. */
export const sessionUser = z.object({
  user: z.number(),
  name: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  referral_code: z.string(),
  status: z.enum(MEMBER_STATUSES),
  photo: z.string().nullable(),
  /**
   * An agent who has not accepted the privacy notice's latest version (published before this
   * session began) is asked to before anything else (decision 027); administrators never are.
   */
  consent_required: z.boolean(),
  /**
   * An administrator without two-factor sign-in under ADMIN_2FA=required: every call but enrolment
   * is refused until it is on (decision 027).
   */
  mfa_setup_required: z.boolean(),
  /** The member's language (decision 030): on sign-in it wins over the device's choice. */
  language: z.enum(LANGUAGES),
  /**
   * This is the member's first sign-in (decision 001): their only device, seen at one login, so the
   * header says "Welcome" rather than the spec's "Welcome back" until they sign in again.
   */
  first_login: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;
