/**
 * The method and address of each route of routes/tax.ts, without zod (route-paths.ts gathers them
 * for the web).
 */
export const taxPaths = {
  withholding: { method: 'POST', path: '/api/withholding' },
  setWithholding: { method: 'POST', path: '/api/setwithholding' },
  payoutSettings: { method: 'GET', path: '/api/payoutsettings' },
  setPayoutSettings: { method: 'POST', path: '/api/setpayoutsettings' },
  agencyTaxDetails: { method: 'GET', path: '/api/agencytaxdetails' },
  setAgencyTaxDetails: { method: 'POST', path: '/api/setagencytaxdetails' },
  form2307s: { method: 'POST', path: '/api/form2307s' },
  form2307Pdf: { method: 'GET', path: '/api/form2307/:id/:year/:quarter/pdf' },
  alphalist: { method: 'GET', path: '/api/alphalist/:year/:quarter' },
  alphalistXlsx: { method: 'GET', path: '/api/alphalist/:year/:quarter/xlsx' },
  alphalistDat: { method: 'GET', path: '/api/alphalist/:year/:quarter/dat' },
} as const;
