/**
 * The method and address of each route of routes/dashboard.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const dashboardPaths = {
  setupChecklist: { method: 'POST', path: '/api/setupchecklist' },
  adminQueues: { method: 'POST', path: '/api/adminqueues' },
} as const;
