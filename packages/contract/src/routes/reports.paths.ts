/**
 * The method and address of each route of routes/reports.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const reportsPaths = {
  reports: { method: 'POST', path: '/api/reports' },
  agencySummary: { method: 'GET', path: '/api/agencysummary' },
} as const;
