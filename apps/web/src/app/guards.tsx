import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../ui/spinner';
import { useSession } from '../api/session';

/** Logged-in members only (spec §2): anyone else goes to /login, replacing the history entry. */
export function RequireAuth() {
  const { status } = useSession();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** The second guard, on /admin/*: every account type but 'user' may enter; others go to /. */
export function RequireAdmin() {
  const { user } = useSession();
  if (!user || user.account_type === 'user') return <Navigate to="/" replace />;
  return <Outlet />;
}

/** /login and /register: a member who is already signed in goes to the dashboard. */
export function PublicOnly() {
  const { status } = useSession();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'authenticated') return <Navigate to="/" replace />;
  return <Outlet />;
}
