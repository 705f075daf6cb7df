/**
 * The method and address of each route of routes/licences.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const licencesPaths = {
  addLicense: { method: 'POST', path: '/api/addlicense' },
  getLicenses: { method: 'POST', path: '/api/getlicenses' },
  licenceAlerts: { method: 'POST', path: '/api/licencealerts' },
  verifyLicense: { method: 'POST', path: '/api/verifylicense' },
  licenseScan: { method: 'GET', path: '/api/licensescan/:licenseId' },
  compliance: { method: 'GET', path: '/api/compliance' },
} as const;
