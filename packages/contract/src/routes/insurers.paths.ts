/**
 * The method and address of each route of routes/insurers.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const insurersPaths = {
  insurers: { method: 'GET', path: '/api/insurers' },
  adminInsurers: { method: 'GET', path: '/api/admininsurers' },
  saveInsurer: { method: 'POST', path: '/api/saveinsurer' },
  linkInsurerName: { method: 'POST', path: '/api/linkinsurername' },
  setInsurerRate: { method: 'POST', path: '/api/setinsurerrate' },
  insurerRates: { method: 'POST', path: '/api/insurerrates' },
} as const;
