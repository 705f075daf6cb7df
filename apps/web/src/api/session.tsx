import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { SessionUser } from '@ahente/contract/auth';
import { fetchMe, logout as logoutRequest } from './auth';
import { setUnauthorizedHandler } from './client';

/**
 * The signed-in member (spec §3 Session, §4): id (`user`), name, account_type (defaults to
 * 'user'), referral_code, status and photo, from POST /api/login or GET /api/me.
 * A reload keeps the session through GET /api/me (200 = logged in, 401 = logged out).
 */
export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

interface SessionContextValue {
  status: SessionStatus;
  user: SessionUser | null;
  /** Store the member returned by a successful login. */
  signIn: (user: SessionUser) => void;
  /** POST /api/logout, forget everything cached, go to /login. */
  signOut: () => Promise<void>;
  /** Update fields of the current member (e.g. a new photo). */
  update: (patch: Partial<SessionUser>) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [user, setUser] = useState<SessionUser | null>(null);

  useEffect(() => {
    let cancelled = false;
    fetchMe()
      .then((me) => {
        if (cancelled) return;
        setUser(me);
        setStatus(me ? 'authenticated' : 'anonymous');
      })
      .catch(() => {
        // Server unreachable: show the login page; signing in will report the problem.
        if (cancelled) return;
        setUser(null);
        setStatus('anonymous');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const forget = useCallback(() => {
    queryClient.clear();
    setUser(null);
    setStatus('anonymous');
  }, [queryClient]);

  // Any other request answered 401: the session ended elsewhere (expired, password changed).
  useEffect(() => {
    setUnauthorizedHandler(forget);
    return () => setUnauthorizedHandler(null);
  }, [forget]);

  const signIn = useCallback((next: SessionUser) => {
    setUser(next);
    setStatus('authenticated');
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // Even if the server cannot be told, this browser forgets the session.
    }
    forget();
    navigate('/login', { replace: true });
  }, [forget, navigate]);

  const update = useCallback((patch: Partial<SessionUser>) => {
    setUser((current) => (current ? { ...current, ...patch } : current));
  }, []);

  const value = useMemo(() => ({ status, user, signIn, signOut, update }), [status, user, signIn, signOut, update]);
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
