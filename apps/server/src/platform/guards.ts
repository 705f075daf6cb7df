import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, forbidden } from './errors.ts';
import type { Auth } from './sessions.ts';

/** Who may call a route. Every /api route must declare one: there is no default. */
export type Access = 'public' | 'member' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export const notLoggedIn = () => new HttpError(401, 'Please log in first');

export function installGuards(app: FastifyInstance, options: { publicPrefixes: string[] }) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    // Routes of third-party plugins mounted at a named prefix (the API docs) are declared public here.
    if (!access && options.publicPrefixes.some((p) => route.url.startsWith(p))) {
      route.config = { ...(route.config ?? {}), access: 'public' };
      return;
    }
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
  });

  // After the session hook: 401 when logged out, 403 when not an admin.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    if (!request.auth) throw notLoggedIn();
    if (access === 'admin' && request.auth.accountType === 'user') throw forbidden('Only administrators may do this');
  });
}

export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw notLoggedIn();
  return request.auth;
}

export const isAdmin = (auth: Auth) => auth.accountType !== 'user';

/** A call that names a member acts on that member only for the member themselves or an admin. */
export function requireSelfOrAdmin(request: FastifyRequest, memberId: number): Auth {
  const auth = requireAuth(request);
  if (auth.memberId !== memberId && !isAdmin(auth)) {
    throw forbidden('You may only act on your own account');
  }
  return auth;
}
