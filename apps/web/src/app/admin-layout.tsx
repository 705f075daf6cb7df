import { useMemberCounts } from '../api/members';
import { MailStatusNotice } from '../features/notifications/mail-status-notice';
import { useCurrentUser } from '../api/session';
import { PageOutlet } from '../ui/page-outlet';
import { SubNav } from '../ui/sub-nav';

/** The Admin Panel's screens (spec §2 route table): an admin reaches each from here, no URL typed. */
const ADMIN_NAV = [
  { label: 'Members List', to: '/admin/adminmembers' },
  { label: 'Materials Panel', to: '/admin/adminmaterials' },
  { label: 'Tickets List', to: '/admin/adminticketlist' },
  { label: 'Commissions', to: '/admin/admincommissions' },
  { label: 'Sales to verify', to: '/admin/verifysales' },
  { label: 'Compliance', to: '/admin/compliance' },
  { label: 'Privacy', to: '/admin/privacy' },
] as const;

/**
 * /admin/*, inside the admin guard: the 'Admin Panel' sub-navigation above every admin screen;
 * Members List shows how many sign-ups wait for approval (issue 22 §5); a note says when e-mail
 * is off (issue 23 §3).
 */
export function AdminLayout() {
  const user = useCurrentUser();
  const pending = useMemberCounts(user.user).data?.byStatus.Pending ?? 0;
  const items = ADMIN_NAV.map((item) =>
    item.to === '/admin/adminmembers'
      ? { ...item, count: { value: pending, description: pending === 1 ? 'member pending approval' : 'members pending approval' } }
      : item,
  );
  return (
    <>
      <SubNav label="Admin Panel" wrap items={items} />
      <MailStatusNotice />
      <PageOutlet />
    </>
  );
}
