/**
 * The method and address of each route of routes/portfolio.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const portfolioPaths = {
  portfolio: { method: 'POST', path: '/api/portfolio' },
  portfolioExport: { method: 'POST', path: '/api/portfolioexport' },
  startRenewal: { method: 'POST', path: '/api/startrenewal' },
} as const;
