import { lazy } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../ui/spinner';
import { useSession } from '../api/session';

/** Fetched only for a member who must accept a new privacy notice. */
const ConsentPage = lazy(async () => ({ default: (await import('../features/privacy/consent-page')).ConsentPage }));

/** Where an administrator who must turn on two-factor sign-in is kept (decision 027). */
export const MFA_SETUP_PATH = '/settings/security';

/**
 * Logged-in members only: anyone else goes to /login, replacing the history entry. Then what the
 * member must do before anything else (decision 027): an administrator without the two-factor
 * sign-in the agency requires is kept on Settings → Security (every other call is refused until it
 * is on); a member who has not accepted the current privacy notice sees it, in place of the page
 * asked for, which opens once they accept.
 */
export function RequireAuth() {
  const { status, user, confirmed } = useSession();
  const { pathname } = useLocation();
  // A saved "signed out" (or a saved member whose steps are due) waits for the server's word.
  if (status === 'loading' || (!confirmed && (status === 'anonymous' || user?.mfa_setup_required || user?.consent_required)))
    return <FullPageSpinner />;
  if (status === 'anonymous' || !user) return <Navigate to="/login" replace />;
  if (user.mfa_setup_required && pathname !== MFA_SETUP_PATH) return <Navigate to={MFA_SETUP_PATH} replace />;
  if (user.consent_required) return <ConsentPage />;
  return <Outlet />;
}

/**
 * The second guard, on /admin/*: every account type but 'user' may enter; others go to /. Like
 * the others, it sends no one away on the word of a session saved by an earlier page load (an
 * agent's, when an admin has signed in since) until the server has answered.
 */
export function RequireAdmin() {
  const { user, confirmed } = useSession();
  if (!user || user.account_type === 'user') return confirmed ? <Navigate to="/" replace /> : <FullPageSpinner />;
  return <Outlet />;
}

/** /login and /register: a member who is already signed in goes to the dashboard. */
export function PublicOnly() {
  const { status, confirmed } = useSession();
  if (status === 'loading' || (status === 'authenticated' && !confirmed)) return <FullPageSpinner />;
  if (status === 'authenticated') return <Navigate to="/" replace />;
  return <Outlet />;
}
