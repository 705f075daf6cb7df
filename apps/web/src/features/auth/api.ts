import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, RegisterRequest } from '@ahente/contract/auth';
import type { ForgotPasswordRequest, LoginOptions, ResetPasswordRequest } from '@ahente/contract/notifications';
import type { ReportEmailChangeRequest, ReportEmailChangeResponse } from '@ahente/contract/members';
import { call } from '../../api/client';
import { sessionUserOf, type SessionUser } from '../../api/session-calls';

/** POST /api/login. Throws ApiError (401, 403 not approved, 429, 400) or NetworkError. */
export async function login(body: LoginRequest): Promise<SessionUser> {
  return sessionUserOf(await call('login', { body }, { ignoreUnauthorized: true }));
}

/** POST /api/registeraccounts → { id }. */
export function registerAccount(body: RegisterRequest): Promise<{ id: number }> {
  return call('register', { body }, { ignoreUnauthorized: true });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: registerAccount });
}

let loginOptionsRequest: Promise<LoginOptions> | null = null;

/**
 * GET /api/loginoptions, asked once per page load (the answer only changes with the server's
 * configuration): whether "Forgot your password?" can e-mail a reset link. A failure answers
 * `password_reset: false`, the spec's 'Please Contact Administrator', and is asked again next time.
 */
export function fetchLoginOptions(): Promise<LoginOptions> {
  loginOptionsRequest ??= call('loginOptions', {}, { ignoreUnauthorized: true }).catch(() => {
    loginOptionsRequest = null;
    return { password_reset: false };
  });
  return loginOptionsRequest;
}

/** POST /api/forgotpassword { login }: the same answer whether or not an account matches. */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) => call('forgotPassword', { body }, { ignoreUnauthorized: true }),
  });
}

/**
 * POST /api/reportemailchange { token } (decision 027): "This wasn't me" from the notice of an
 * e-mail change; `restored` says whether the old address is the account's again. 400 when the link
 * expired or was used.
 */
export function useReportEmailChangeMutation() {
  return useMutation({
    mutationFn: (body: ReportEmailChangeRequest): Promise<ReportEmailChangeResponse> =>
      call('reportEmailChange', { body }, { ignoreUnauthorized: true }),
  });
}

/** POST /api/resetpassword { token, password } (204): 400 when the link expired or was used. */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) => call('resetPassword', { body }, { ignoreUnauthorized: true }),
  });
}
