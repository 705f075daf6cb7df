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
] as const;

/** /admin/*, inside the admin guard: the 'Admin Panel' sub-navigation above every admin screen. */
export function AdminLayout() {
  return (
    <>
      <SubNav label="Admin Panel" wrap items={ADMIN_NAV} />
      <PageOutlet />
    </>
  );
}
