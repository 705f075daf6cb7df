import { z } from 'zod';
import { controlCharacterMessage, hasControlCharacter, memberIdSchema } from './common.ts';

/**
 * Account security (decision 027): two-factor sign-in with a time-based code (TOTP, RFC 6238:
 * SHA-1, six digits, 30-second steps), one-time recovery codes, and the member's sessions.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

/** What the login answers (401) to a right password of a member with two-factor sign-in and no code. */
export const MFA_CODE_NEEDED = 'Enter the six-digit code from your authenticator app';
/** A wrong code at login: a failure like a wrong password. */
export const MFA_CODE_INVALID = 'Invalid code. Enter the current six-digit code from your authenticator app, or an unused recovery code.';
/**
 * The code step of an account that had LOGIN_MAX_FAILURES wrong codes within the login window, from
 * any addresses (decisions 001 and 027): 429 until the window ends, the right code included.
 */
export const MFA_CODES_LIMITED = 'Too many wrong codes for this account. Please wait a few minutes and try again.';
/** The answer of every route but enrolment to an administrator who must set up two-factor sign-in first. */
export const MFA_SETUP_FIRST =
  'Administrators must turn on two-factor sign-in before doing anything else. Set it up in Settings → Security.';

/** A six-digit code or a recovery code, as typed (spaces and dashes allowed; the server normalises it). */
export const mfaCodeField = z
  .string({ error: 'Enter the code' })
  .trim()
  .min(1, 'Enter the code')
  .max(40, 'The code is too long')
  .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Code'));

/** Only a current six-digit code (enrolment, regenerating recovery codes). */
export const totpCodeField = z
  .string({ error: 'Enter the six-digit code' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the six-digit code from your authenticator app');

/** A login refused for want of the second step (401): the client asks for the code and sends the login again with it. */
export const mfaRequiredResponse = z.object({ error: z.string(), mfa_required: z.literal(true) });

/** mfastatus */
export const mfaStatus = z.object({
  enabled: z.boolean(),
  /** When it was turned on, or null. */
  enabled_at: z.string().nullable(),
  /** Unused recovery codes left. */
  recovery_codes_left: z.number(),
  /** Whether this member may not turn it off (an administrator under ADMIN_2FA=required). */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

/** startmfa: the new secret, for the caller only, until it is confirmed. */
export const mfaEnrolment = z.object({
  /** Base32, to type into an app that cannot scan. */
  secret: z.string(),
  /** otpauth://totp/… */
  uri: z.string(),
  /** The URI as a QR code: a data: URL of an SVG image. */
  qr: z.string(),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolment>;

export const confirmMfaRequest = z.object({ code: totpCodeField });
export type ConfirmMfaRequest = z.input<typeof confirmMfaRequest>;

/** Shown once: only their hashes are kept. */
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const disableMfaRequest = z.object({
  password: z
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(200, 'Password or code is incorrect')
    .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Password')),
  code: mfaCodeField,
});
export type DisableMfaRequest = z.input<typeof disableMfaRequest>;

export const regenerateCodesRequest = z.object({ code: totpCodeField });
export type RegenerateCodesRequest = z.input<typeof regenerateCodesRequest>;

// ---- sessions ---------------------------------------------------------------------------------

/** A session's handle: not its stored id, a short one derived from it (16 hex characters). */
export const sessionHandle = z.string({ error: 'session_id is required' }).regex(/^[0-9a-f]{16}$/, 'Session not found');

export const sessionRecord = z.object({
  id: sessionHandle,
  /** "Chrome on Windows", read from the user agent; "Unknown device" when it says nothing known. */
  device: z.string(),
  /** The client address at sign-in. */
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionRecord>;
export const sessionList = z.array(sessionRecord);

export const sessionsRequest = z.object({ id: memberIdSchema });
export const endSessionRequest = z.object({ session_id: sessionHandle });
export type EndSessionRequest = z.input<typeof endSessionRequest>;
export const endedSessionsResponse = z.object({ success: z.literal(true), ended: z.number() });
export type EndedSessionsResponse = z.infer<typeof endedSessionsResponse>;
