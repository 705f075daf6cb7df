import type { Language, SessionUser } from '@ahente/contract/auth';
import { call, isApiError } from './client';

/**
 * The calls the session itself makes (session.tsx): who is signed in, their language, logging out.
 * Signing in, signing up and resetting a password are the auth screens' (features/auth/api.ts).
 */

/** GET /api/me: the current session, or null when logged out (401). */
export async function fetchMe(): Promise<SessionUser | null> {
  try {
    return await call('me', {}, { ignoreUnauthorized: true, noAccept: true });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/** POST /api/setlanguage (204): the signed-in member's language, for every device (issue 25 §3). */
export async function saveLanguage(language: Language): Promise<void> {
  await call('setLanguage', { body: { language } });
}

/** POST /api/logout (204). */
export async function logout(): Promise<void> {
  await call('logout', {}, { ignoreUnauthorized: true });
}
