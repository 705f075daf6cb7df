import { z } from 'zod';
import { noContent, ownerInBody, route, type RouteDef } from './define.ts';
import { authPaths } from './auth.paths.ts';
import {
  changePasswordRequest,
  loginRequest,
  notApprovedResponse,
  referralSponsorRequest,
  referralSponsorResponse,
  registerRequest,
  registerResponse,
  sessionUser,
  setLanguageRequest,
} from '../auth.ts';
import { errorResponse, idBody, successResponse } from '../common.ts';
import {
  confirmMfaRequest,
  disableMfaRequest,
  endedSessionsResponse,
  endSessionRequest,
  mfaEnrolment,
  mfaRequiredResponse,
  mfaStatus,
  recoveryCodesResponse,
  regenerateCodesRequest,
  sessionList,
  sessionsRequest,
} from '../security.ts';
import { forgotPasswordRequest, forgotPasswordResponse, loginOptions, resetPasswordRequest } from '../notifications.ts';

/**
 * The routes of signing in and out, signing up, the password and the language, and account security
 * (two-factor sign-in and sessions): the server's features/auth/ registers them.
 */
export const authRoutes = {
  csrfCookie: route({
    ...authPaths.csrfCookie,
    access: 'public',
    responses: { 204: noContent },
    tag: 'auth',
    summary: 'Sets the XSRF-TOKEN cookie',
  }),
  login: route({
    ...authPaths.login,
    access: 'public',
    body: loginRequest,
    // 401 with `mfa_required: true`: the password is right and the member's two-factor code is
    // needed (decision 027).
    responses: { 200: sessionUser, 401: z.union([mfaRequiredResponse, errorResponse]), 403: z.union([notApprovedResponse, errorResponse]) },
    tag: 'auth',
    summary: 'Logs in an approved member',
  }),
  me: route({
    ...authPaths.me,
    access: 'member',
    responses: { 200: sessionUser },
    tag: 'auth',
    summary: 'The current session',
  }),
  setLanguage: route({
    ...authPaths.setLanguage,
    access: 'member',
    body: setLanguageRequest,
    responses: { 204: noContent },
    tag: 'auth',
    summary: "Saves the signed-in member's language ('en' or 'fil'), for every device",
  }),
  logout: route({
    ...authPaths.logout,
    access: 'public',
    responses: { 204: noContent },
    tag: 'auth',
    summary: 'Ends the session',
  }),
  register: route({
    ...authPaths.register,
    access: 'public',
    body: registerRequest,
    responses: { 200: registerResponse },
    idempotent: true,
    tag: 'auth',
    summary: 'Signs up a Pending agent',
  }),
  referralSponsor: route({
    ...authPaths.referralSponsor,
    access: 'public',
    body: referralSponsorRequest,
    responses: { 200: referralSponsorResponse },
    tag: 'auth',
    summary:
      "The display name of a referral code's owner, for the sign-up page (decision 001): nothing else; 404 for a code sign-up refuses; unknown codes limited per address",
  }),
  changePassword: route({
    ...authPaths.changePassword,
    access: 'member',
    member: ownerInBody,
    body: changePasswordRequest,
    responses: { 200: successResponse },
    tag: 'members',
    summary: "Changes a member's password",
  }),
  loginOptions: route({
    ...authPaths.loginOptions,
    access: 'public',
    responses: { 200: loginOptions },
    tag: 'auth',
    summary: 'What the login page offers: a password reset by e-mail when e-mail is on',
  }),
  forgotPassword: route({
    ...authPaths.forgotPassword,
    access: 'public',
    body: forgotPasswordRequest,
    responses: { 200: forgotPasswordResponse },
    tag: 'auth',
    summary: 'E-mails a one-time reset link to the account with this username or e-mail, if any (the same answer either way)',
  }),
  resetPassword: route({
    ...authPaths.resetPassword,
    access: 'public',
    body: resetPasswordRequest,
    responses: { 204: noContent },
    tag: 'auth',
    summary: "Sets a new password with a reset link's token (once, within 30 minutes) and ends the member's sessions",
  }),
  // ---- Account security: two-factor sign-in and sessions (decision 027) ------------------------
  // An administrator under ADMIN_2FA=required who has not enrolled may call only mfaStatus,
  // startMfa and confirmMfa (and me, logout, csrfCookie): platform/guards.ts MFA_SETUP_ROUTES.
  mfaStatus: route({
    ...authPaths.mfaStatus,
    access: 'member',
    responses: { 200: mfaStatus },
    tag: 'security',
    summary: "Whether the caller's two-factor sign-in is on, and how many recovery codes are left",
  }),
  startMfa: route({
    ...authPaths.startMfa,
    access: 'member',
    responses: { 200: mfaEnrolment, 409: errorResponse },
    tag: 'security',
    summary: 'Starts enrolment in two-factor sign-in: a new secret, its otpauth URI and QR code (for the caller only)',
  }),
  confirmMfa: route({
    ...authPaths.confirmMfa,
    access: 'member',
    body: confirmMfaRequest,
    responses: { 200: recoveryCodesResponse, 409: errorResponse },
    tag: 'security',
    summary: 'Turns two-factor sign-in on with a first code; answers ten one-time recovery codes, shown once',
  }),
  disableMfa: route({
    ...authPaths.disableMfa,
    access: 'member',
    body: disableMfaRequest,
    responses: { 204: noContent, 409: errorResponse, 429: errorResponse },
    tag: 'security',
    summary: "Turns the caller's two-factor sign-in off (password and a code)",
  }),
  regenerateMfaCodes: route({
    ...authPaths.regenerateMfaCodes,
    access: 'member',
    body: regenerateCodesRequest,
    responses: { 200: recoveryCodesResponse, 409: errorResponse, 429: errorResponse },
    tag: 'security',
    summary: 'Replaces the recovery codes with ten new ones (a current code needed); the old ones stop working',
  }),
  resetMemberMfa: route({
    ...authPaths.resetMemberMfa,
    access: 'admin',
    body: idBody,
    responses: { 200: successResponse },
    tag: 'security',
    summary: "Turns a member's two-factor sign-in off (a lost phone) and signs them out everywhere; recorded in their history",
  }),
  sessions: route({
    ...authPaths.sessions,
    access: 'member',
    member: ownerInBody,
    body: sessionsRequest,
    responses: { 200: sessionList },
    tag: 'security',
    summary: "A member's live sessions: device, address, created, last seen, and which one is the caller's",
  }),
  endSession: route({
    ...authPaths.endSession,
    access: 'member',
    body: endSessionRequest,
    responses: { 204: noContent },
    tag: 'security',
    summary: "Ends another session of the caller's (404 for one that is not theirs)",
  }),
  endOtherSessions: route({
    ...authPaths.endOtherSessions,
    access: 'member',
    responses: { 200: endedSessionsResponse },
    tag: 'security',
    summary: "Ends every session of the caller's but the current one",
  }),
  endMemberSessions: route({
    ...authPaths.endMemberSessions,
    access: 'admin',
    body: idBody,
    responses: { 200: endedSessionsResponse },
    tag: 'security',
    summary: 'Signs a member out everywhere; recorded in their history',
  }),
} as const satisfies Record<string, RouteDef>;
