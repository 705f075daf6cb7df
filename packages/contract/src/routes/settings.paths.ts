/**
 * The method and address of each route of routes/settings.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const settingsPaths = {
  getUserBanks: { method: 'GET', path: '/api/getuserbanks/:id' },
  addUserBanks: { method: 'POST', path: '/api/adduserbanks' },
  getCertifications: { method: 'POST', path: '/api/getcertifications' },
  addCertifications: { method: 'POST', path: '/api/addcertifications' },
} as const;
