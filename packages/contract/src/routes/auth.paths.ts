/**
 * The method and address of each route of routes/auth.ts, without zod (route-paths.ts gathers them
 * for the web).
 */
export const authPaths = {
  csrfCookie: { method: 'GET', path: '/api/csrf-cookie' },
  login: { method: 'POST', path: '/api/login' },
  me: { method: 'GET', path: '/api/me' },
  setLanguage: { method: 'POST', path: '/api/setlanguage' },
  logout: { method: 'POST', path: '/api/logout' },
  register: { method: 'POST', path: '/api/registeraccounts' },
  referralSponsor: { method: 'POST', path: '/api/referralsponsor' },
  changePassword: { method: 'POST', path: '/api/changepassword' },
  loginOptions: { method: 'GET', path: '/api/loginoptions' },
  forgotPassword: { method: 'POST', path: '/api/forgotpassword' },
  resetPassword: { method: 'POST', path: '/api/resetpassword' },
  mfaStatus: { method: 'POST', path: '/api/mfastatus' },
  startMfa: { method: 'POST', path: '/api/startmfa' },
  confirmMfa: { method: 'POST', path: '/api/confirmmfa' },
  disableMfa: { method: 'POST', path: '/api/disablemfa' },
  regenerateMfaCodes: { method: 'POST', path: '/api/regeneratemfacodes' },
  resetMemberMfa: { method: 'POST', path: '/api/resetmembermfa' },
  sessions: { method: 'POST', path: '/api/sessions' },
  endSession: { method: 'POST', path: '/api/endsession' },
  endOtherSessions: { method: 'POST', path: '/api/endothersessions' },
  endMemberSessions: { method: 'POST', path: '/api/endmembersessions' },
} as const;
