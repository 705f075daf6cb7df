import type { Language, SessionUser as SessionAnswer } from '@ahente/contract/auth';
import { call, isApiError } from './client';

/**
 * The calls the session itself makes (session.tsx): who is signed in, their language, logging out.
 * Signing in, signing up and resetting a password are the auth screens' (features/auth/api.ts).
 */

/**
 * The signed-in member as the app holds it: the session's answer (GET /api/me, POST /api/login),
 * with the member's id as `memberId`. The API names it `user` (the login response's name, kept on
 * the wire), which read as a person rather than an id in the screens; it is renamed once, where the
 * answer is read (`sessionUserOf`), and nowhere else.
 */
export type SessionUser = Omit<SessionAnswer, 'user'> & { memberId: number };

/** The session's answer as the app holds it (see `SessionUser`). */
export function sessionUserOf({ user, ...rest }: SessionAnswer): SessionUser {
  return { memberId: user, ...rest };
}

/** GET /api/me: the current session, or null when logged out (401). */
export async function fetchMe(): Promise<SessionUser | null> {
  try {
    return sessionUserOf(await call('me', {}, { ignoreUnauthorized: true, noAccept: true }));
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/** POST /api/setlanguage (204): the signed-in member's language, for every device (decision 030). */
export async function saveLanguage(language: Language): Promise<void> {
  await call('setLanguage', { body: { language } });
}

/** POST /api/logout (204). */
export async function logout(): Promise<void> {
  await call('logout', {}, { ignoreUnauthorized: true });
}
