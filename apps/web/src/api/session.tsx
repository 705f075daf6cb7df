import { queryOptions, useIsRestoring, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { fetchMe, logout as logoutRequest, saveLanguage, type SessionUser } from './session-calls';
import { setUnauthorizedHandler } from './client';
import { showLanguage, takeLanguagePickedBeforeSignIn } from '../i18n';

/**
 * The signed-in member: id (`memberId`; the API's `user`), name, account_type (defaults to 'user'),
 * referral_code, status and photo, from POST /api/login or GET /api/me, and what the member must do
 * before anything else (decision 027: accept a new privacy notice, or for an administrator turn on
 * two-factor sign-in).
 *
 * The session is a query (SESSION_QUERY_KEY): GET /api/me once per page load (200 = logged in,
 * 401 = logged out), replaced by the login's answer, and asked again whenever it is invalidated
 * (after accepting the privacy notice, after enrolling in two-factor sign-in).
 */
export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export type { SessionUser };

/** The query key of the session (GET /api/me). Invalidate it to ask the server again. */
export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * The session's query: GET /api/me, only asked again when invalidated; a failure (server
 * unreachable) shows the login page, where signing in reports the problem. One definition for the
 * provider and for main.tsx, which starts it before the first render.
 */
export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: fetchMe,
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/** When this page load began: an answer older than this was put back from the device. */
const PAGE_LOADED_AT = performance.timeOrigin;

/**
 * Asks the server for the session again (GET /api/me) and resolves once the answer is in: what
 * changes it on the server (the privacy notice accepted, two-factor sign-in turned on) calls this.
 */
export function refreshSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/** `refreshSession` bound to the app's QueryClient. */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshSession(queryClient), [queryClient]);
}

interface SessionContextValue {
  status: SessionStatus;
  user: SessionUser | null;
  /**
   * False while the session shown is one saved on this device by an earlier page load and the
   * server's answer to GET /api/me is on its way: it may name another member, or none, than the
   * cookie now does (a login whose save had not reached the device before a reload). The screens
   * may draw from it; the guards take no decision to send the member elsewhere until it is true.
   */
  confirmed: boolean;
  /** Store the member returned by a successful login. */
  signIn: (user: SessionUser) => void;
  /** POST /api/logout, forget everything cached, go to /login. */
  signOut: () => Promise<void>;
  /** Update fields of the current member (e.g. a new photo). */
  update: (patch: Partial<SessionUser>) => void;
  /** GET /api/me again (see `refreshSession`). */
  refresh: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // React Router's declarative mode gives a new `navigate` at each address: kept in a ref so that
  // the session's value (and every screen reading it) does not change with the address.
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const session = useQuery(sessionQuery);
  const user = session.data ?? null;
  const status: SessionStatus = session.isPending ? 'loading' : user ? 'authenticated' : 'anonymous';
  // With no signal the request waits ('paused', not fetching): the saved session is then the word.
  // While the saved cache is being put back nothing is confirmed: TanStack reports every query as
  // idle then (`isRestoring`), even the session's request already on its way, and a guard that took
  // that for the server's word sent an admin with an agent's saved session to / and a saved "signed
  // out" to /login, the page asked for lost (guards.spec; decision 014, lever 2's race).
  const isRestoring = useIsRestoring();
  const confirmed = !isRestoring && !(session.isFetching && session.dataUpdatedAt < PAGE_LOADED_AT);

  const forget = useCallback(() => {
    // Everything cached but the session itself, which becomes "logged out".
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
    queryClient.getMutationCache().clear();
    queryClient.setQueryData<SessionUser | null>(SESSION_QUERY_KEY, null);
  }, [queryClient]);

  // Any other request answered 401: the session ended elsewhere (expired, password changed).
  useEffect(() => {
    setUnauthorizedHandler(forget);
    return () => setUnauthorizedHandler(null);
  }, [forget]);

  const signIn = useCallback(
    (next: SessionUser) => {
      // A language chosen on the login page just now becomes the member's; otherwise the member's
      // saved language wins over the device's (decision 030).
      const picked = takeLanguagePickedBeforeSignIn();
      if (picked && picked !== next.language) {
        next = { ...next, language: picked };
        // This device shows and remembers it either way; only the other devices would not know.
        saveLanguage(picked).catch(() => undefined);
      }
      queryClient.setQueryData<SessionUser | null>(SESSION_QUERY_KEY, next);
    },
    [queryClient],
  );

  // The screens follow the signed-in member's language (and this device remembers it).
  const memberLanguage = user?.language;
  useEffect(() => {
    if (memberLanguage) void showLanguage(memberLanguage);
  }, [memberLanguage]);

  const signOut = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // Even if the server cannot be told, this browser forgets the session.
    }
    forget();
    void navigateRef.current('/login', { replace: true });
  }, [forget]);

  const update = useCallback(
    (patch: Partial<SessionUser>) => {
      queryClient.setQueryData<SessionUser | null>(SESSION_QUERY_KEY, (current) => (current ? { ...current, ...patch } : current));
    },
    [queryClient],
  );

  const refresh = useCallback(() => refreshSession(queryClient), [queryClient]);

  const value = useMemo(
    () => ({ status, user, confirmed, signIn, signOut, update, refresh }),
    [status, user, confirmed, signIn, signOut, update, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The signed-in member; only for screens behind the auth guard. */
export function useCurrentUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser needs a signed-in member (use it behind <RequireAuth>)');
  return user;
}
