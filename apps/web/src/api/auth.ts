import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, RegisterRequest, SessionUser } from '@ahente/contract/auth';
import { ACCOUNT_TYPES, MEMBER_STATUSES } from '@ahente/contract/enums';
import { ApiError, api, isApiError } from './client';

/**
 * Turns a login / me response into the session the app keeps (spec §3, §4).
 * The account type defaults to 'user' when absent; anything without a member id is no session.
 */
export function toSessionUser(raw: unknown): SessionUser | null {
  if (!raw || typeof raw !== 'object') return null;
  const body = raw as Record<string, unknown>;
  const id = typeof body.user === 'string' && /^\d+$/.test(body.user) ? Number(body.user) : body.user;
  if (typeof id !== 'number' || !Number.isFinite(id)) return null;
  const accountType = ACCOUNT_TYPES.find((t) => t === body.account_type) ?? (body.account_type ? 'admin' : 'user');
  const status = MEMBER_STATUSES.find((s) => s === body.status) ?? 'Approved';
  return {
    user: id,
    name: typeof body.name === 'string' ? body.name : '',
    account_type: accountType,
    referral_code: typeof body.referral_code === 'string' ? body.referral_code : '',
    status,
    photo: typeof body.photo === 'string' && body.photo !== '' ? body.photo : null,
  };
}

/** GET /api/me: the current session, or null when logged out (401). */
export async function fetchMe(): Promise<SessionUser | null> {
  try {
    return toSessionUser(await api.get('/api/me', { ignoreUnauthorized: true }));
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/** POST /api/login. Throws ApiError (401, 403 not approved, 429, 400) or NetworkError. */
export async function login(body: LoginRequest): Promise<SessionUser> {
  const user = toSessionUser(await api.post('/api/login', body, { ignoreUnauthorized: true }));
  if (!user) throw new ApiError(500, 'Unexpected login response', null);
  return user;
}

/** POST /api/logout (204). */
export async function logout(): Promise<void> {
  await api.post('/api/logout', {}, { ignoreUnauthorized: true });
}

/** POST /api/registeraccounts → { id }. */
export async function registerAccount(body: RegisterRequest): Promise<{ id: number }> {
  return api.post<{ id: number }>('/api/registeraccounts', body, { ignoreUnauthorized: true });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: registerAccount });
}
