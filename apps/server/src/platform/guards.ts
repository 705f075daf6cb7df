import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ROUTE_LIST, routes, type Access, type RouteDef } from '@ahente/contract/routes';
import { CONSENT_FIRST_MESSAGE, CONSENT_REQUIRED_CODE } from '@ahente/contract/privacy-notice';
import { MFA_SETUP_FIRST } from '@ahente/contract/security';
import { HttpError, forbidden } from './errors.ts';
import type { Auth } from './sessions.ts';

export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Set by the API scope on its own routes. */
    api?: boolean;
    /** The route table's entry this route was registered from (API routes only). */
    route?: RouteDef;
  }
  interface FastifyInstance {
    /** Every route registered on this app (HEAD routes included), as the router matches them. */
    registeredRoutes: RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** True for routes of the API scope, which run the session, CSRF and access hooks. */
  api: boolean;
  readonly access: Access | undefined;
}

export const notLoggedIn = () => new HttpError(401, 'Please log in first');

const accessOf = (route: RouteOptions): Access | undefined => (route.config as { access?: Access } | undefined)?.access;
const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/**
 * On the root instance: records every route and refuses to start (at `ready`) when any of them,
 * wherever it was registered, declares no access rule. The check waits for `ready` because the
 * scopes below declare access in their own onRoute hooks, which run after the root's.
 */
export function requireAccessEverywhere(app: FastifyInstance) {
  const routes: { route: RouteOptions; entries: RegisteredRoute[] }[] = [];
  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.addHook('onRoute', (route) => {
    const entries = methodsOf(route).map((method) => ({
      method,
      url: route.url,
      get api() {
        return route.config?.api === true;
      },
      get access() {
        return accessOf(route);
      },
    }));
    routes.push({ route, entries });
    app.registeredRoutes.push(...entries);
  });
  app.addHook('onReady', async () => {
    const missing = routes.find(({ route }) => !accessOf(route));
    if (missing) throw new Error(`Route ${methodsOf(missing.route).join(',')} ${missing.route.url} declares no access rule`);
  });
}

/**
 * For a scope holding a third-party plugin's routes (the API docs, the static web files): its
 * routes are public because this scope says so, whatever their URL.
 */
export function declarePublicScope(scope: FastifyInstance) {
  declareScopeAccess(scope, 'public');
}

/**
 * For a scope holding a third-party plugin's routes that only `access` may call (the API docs in
 * production): the scope's routes carry the rule, and its own onRequest hook (the caller's) loads the
 * session and calls enforceAccess, as the API scope does.
 */
export function declareScopeAccess(scope: FastifyInstance, access: Access) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: accessOf(route) ?? access } as RouteOptions['config'];
  });
}

const TABLE = new Set<RouteDef>(ROUTE_LIST);

/**
 * For the API scope: only routes of the contract's route table can be registered, each with the
 * method, path and access rule the table gives it (platform/api-route.ts); and every request the
 * router matches to one of this scope's routes, however its URL is spelt, meets the scope's hooks.
 * Fastify runs a scope's hooks for the routes registered in it, so nothing here reads the URL.
 */
export function requireRouteTable(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    const where = `Route ${methodsOf(route).join(',')} ${route.url}`;
    const def = route.config?.route;
    if (!def || !TABLE.has(def)) throw new Error(`${where} is not in the route table (packages/contract/src/routes.ts)`);
    const methodOk = methodsOf(route).every((m) => m === def.method || (m === 'HEAD' && def.method === 'GET'));
    if (!methodOk || route.url !== def.path) throw new Error(`${where} does not match its table entry ${def.method} ${def.path}`);
    if (accessOf(route) !== def.access) throw new Error(`${where} declares no access rule, or not the table's`);
    route.config = { ...route.config, api: true } as RouteOptions['config'];
  });
}

/**
 * Before the handler, once the request is parsed: a call that names a member (the table says
 * where its id is) acts on that member only for the member themselves or an administrator.
 * A route without a table entry is denied.
 */
export function enforceOwnership(request: FastifyRequest): void {
  const def = request.routeOptions.config.route;
  if (!def) throw forbidden();
  if (!def.member) return;
  // A form names its member in a field: platform/uploads.ts reads it and applies this same rule
  // before it stores any file (a form's fields are not parsed before the handler reads them).
  if (def.multipart && def.member.in === 'body' && request.isMultipart()) return;
  const source = (def.member.in === 'body' ? request.body : request.params) as Record<string, unknown> | undefined;
  const id = source?.[def.member.key];
  if (typeof id !== 'number') throw forbidden('You may only act on your own account');
  requireSelfOrAdmin(request, id);
}

/** After the session is loaded: 401 when logged out, 403 when not an admin, by the matched route's rule. */
export function enforceAccess(request: FastifyRequest): void {
  const access = request.routeOptions.config.access;
  if (access === 'public') return;
  if (access !== 'member' && access !== 'admin') throw forbidden(); // unknown rule: deny
  if (!request.auth) throw notLoggedIn();
  if (access === 'admin' && !isAdmin(request.auth)) throw forbidden('Only administrators may do this');
  // ADMIN_2FA=required (decision 027): an administrator without two-factor sign-in may only enrol.
  const def = request.routeOptions.config.route;
  if (request.auth.mfaSetupRequired && !(def && MFA_SETUP_ROUTES.has(def))) throw forbidden(MFA_SETUP_FIRST);
  // An agent who must accept a new privacy notice (decision 027): only the consent screen's calls.
  if (request.auth.consentRequired && !(def && CONSENT_ROUTES.has(def))) {
    throw new HttpError(403, CONSENT_FIRST_MESSAGE, { code: CONSENT_REQUIRED_CODE });
  }
}

/**
 * The calls whose only credential is a token in their path (a proposal's client link, decision
 * 038): no session is loaded, no CSRF token is asked for or cookie set (there is no ambient
 * credential to forge a request with), and the caller is anonymous whatever cookies it sends.
 * Decided from the matched route, never its URL.
 */
export const TOKEN_ROUTES: ReadonlySet<RouteDef> = new Set<RouteDef>([
  routes.publicProposal,
  routes.publicProposalPdf,
  routes.acceptPublicProposal,
  routes.declinePublicProposal,
  // The E-Store's public pages, form and images (decision 040): no session; the form carries its page's token.
  routes.storePage,
  routes.storeRequestForm,
  routes.storeImage,
  routes.storePhoto,
  // A certificate's public check (decision 039): its code is the credential.
  routes.publicCertificate,
]);

/**
 * What an administrator who must set up two-factor sign-in may still call (besides public routes):
 * who they are, logging out, and the enrolment itself. Decided from the matched route, never its URL.
 */
export const MFA_SETUP_ROUTES: ReadonlySet<RouteDef> = new Set<RouteDef>([
  routes.me,
  routes.logout,
  routes.csrfCookie,
  routes.mfaStatus,
  routes.startMfa,
  routes.confirmMfa,
]);

/**
 * What an agent who must accept the current privacy notice may still call (besides public routes):
 * who they are, logging out, the CSRF cookie, the notice and its acceptance. From the matched route.
 */
export const CONSENT_ROUTES: ReadonlySet<RouteDef> = new Set<RouteDef>([
  routes.me,
  routes.logout,
  routes.csrfCookie,
  routes.privacyNotice,
  routes.acceptPrivacyNotice,
]);

export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw notLoggedIn();
  return request.auth;
}

/** Only the `admin` account type is an administrator; anything else is denied. */
export const isAdmin = (auth: Auth) => auth.accountType === 'admin';

/** A call that names a member acts on that member only for the member themselves or an admin. */
export function requireSelfOrAdmin(request: FastifyRequest, memberId: number): Auth {
  const auth = requireAuth(request);
  if (auth.memberId !== memberId && !isAdmin(auth)) {
    throw forbidden('You may only act on your own account');
  }
  return auth;
}
