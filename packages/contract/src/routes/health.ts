import { z } from 'zod';
import { route, type RouteDef } from './define.ts';
import { healthPaths } from './health.paths.ts';

/** The routes of whether the database answers: the server's features/health/ registers them. */
export const healthRoutes = {
  health: route({
    ...healthPaths.health,
    access: 'public',
    responses: { 200: z.object({ ok: z.literal(true) }), 503: z.object({ ok: z.literal(false), error: z.string() }) },
    tag: 'health',
    summary: 'The database answers',
  }),
} as const satisfies Record<string, RouteDef>;
