import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, RegisterRequest, SessionUser } from '@ahente/contract/auth';
import { routes } from '@ahente/contract/routes';
import { call, isApiError } from './client';

/** GET /api/me: the current session, or null when logged out (401). */
export async function fetchMe(): Promise<SessionUser | null> {
  try {
    return await call(routes.me, {}, { ignoreUnauthorized: true });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/** POST /api/login. Throws ApiError (401, 403 not approved, 429, 400) or NetworkError. */
export function login(body: LoginRequest): Promise<SessionUser> {
  return call(routes.login, { body }, { ignoreUnauthorized: true });
}

/** POST /api/logout (204). */
export async function logout(): Promise<void> {
  await call(routes.logout, {}, { ignoreUnauthorized: true });
}

/** POST /api/registeraccounts → { id }. */
export function registerAccount(body: RegisterRequest): Promise<{ id: number }> {
  return call(routes.register, { body }, { ignoreUnauthorized: true });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: registerAccount });
}
