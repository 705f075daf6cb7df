/**
 * The method and address of each route of routes/privacy.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const privacyPaths = {
  myData: { method: 'GET', path: '/api/mydata/:id' },
  requestErasure: { method: 'POST', path: '/api/requesterasure' },
  myPrivacy: { method: 'POST', path: '/api/myprivacy' },
  decideErasure: { method: 'POST', path: '/api/decideerasure' },
  privacyRequests: { method: 'POST', path: '/api/privacyrequests' },
  privacyNotice: { method: 'GET', path: '/api/privacynotice' },
  publishPrivacyNotice: { method: 'POST', path: '/api/publishprivacynotice' },
  acceptPrivacyNotice: { method: 'POST', path: '/api/acceptprivacynotice' },
  accessLog: { method: 'POST', path: '/api/accesslog' },
  adminAccessLog: { method: 'POST', path: '/api/adminaccesslog' },
  adminAccessLogExport: { method: 'POST', path: '/api/adminaccesslogexport' },
} as const;
