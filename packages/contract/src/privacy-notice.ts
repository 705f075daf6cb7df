import { z } from 'zod';
import { controlCharacterMessage, hasControlCharacter } from './common.ts';

/**
 * The agency's privacy notice and members' consent to it (decision 027). Each publication is a new
 * version (1 is the default text); an agent consents to the current version at sign-up and to each
 * later one once, at their next login.
 */

/** The label of the sign-up's required checkbox, and what registeraccounts without `consent: true` answers. */
export { CONSENT_LABEL, CONSENT_REQUIRED_MESSAGE } from './messages.ts';

/** acceptprivacynotice with any version but the current one. */
export const NOTICE_NOT_CURRENT_MESSAGE =
  'This version of the Privacy Notice is no longer the current one. Reload the page and read the current one.';

/**
 * What every route but `me`, `logout`, `csrf-cookie`, the notice and its acceptance answers (403)
 * to an agent who must accept the current notice first (decision 027): the server's own rule, so a
 * client other than the web app cannot go past the consent screen.
 */
export const CONSENT_FIRST_MESSAGE = 'Read and accept the current Privacy Notice before doing anything else.';
export const CONSENT_REQUIRED_CODE = 'consent_required';
export const consentRequiredResponse = z.object({ error: z.string(), code: z.literal(CONSENT_REQUIRED_CODE) });

/** The largest notice, in characters (a long notice is a few thousand). */
export const NOTICE_MAX_CHARS = 50_000;

/** GET /api/privacynotice: the current version, Markdown. */
export const privacyNotice = z.object({
  version: z.number().int(),
  body: z.string(),
  published_at: z.string(),
});
export type PrivacyNotice = z.infer<typeof privacyNotice>;

const noticeVersion = z
  .number({ error: 'Version must be a whole number' })
  .int('Version must be a whole number')
  .min(1, 'Version must be a whole number')
  .max(2_147_483_647, 'Version must be a whole number');

/**
 * POST /api/publishprivacynotice: the new version's text (Markdown, kept as written). Tabs and line
 * breaks are text; NUL and the other control characters are not.
 */
export const publishPrivacyNoticeRequest = z.object({
  body: z
    .string({ error: 'The notice text is required' })
    .max(NOTICE_MAX_CHARS, `The notice may be at most ${NOTICE_MAX_CHARS.toLocaleString('en-US')} characters`)
    .refine((v) => v.trim().length > 0, 'The notice text is required')
    .refine((v) => !hasControlCharacter(v.replace(/[\t\r\n]/g, '')), controlCharacterMessage('The notice')),
});
export type PublishPrivacyNoticeRequest = z.input<typeof publishPrivacyNoticeRequest>;

/** POST /api/acceptprivacynotice: the version the member read (only the current one is accepted). */
export const acceptPrivacyNoticeRequest = z.object({ version: noticeVersion });
export type AcceptPrivacyNoticeRequest = z.input<typeof acceptPrivacyNoticeRequest>;

export const acceptPrivacyNoticeResponse = z.object({ success: z.literal(true), version: z.number() });
