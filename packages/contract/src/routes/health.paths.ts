/**
 * The method and address of each route of routes/health.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const healthPaths = {
  health: { method: 'GET', path: '/api/health' },
} as const;
