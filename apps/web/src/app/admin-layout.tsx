import { useEffect } from 'react';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { AdminQueues } from '@ahente/contract/admin-queues';
import { adminQueuesKey, useAdminQueues } from '../features/dashboard';
import { MailStatusNotice } from '../features/notifications/mail-status-notice';
import { PageOutlet } from '../ui/page-outlet';
import { SubNav } from '../ui/sub-nav';

/** The Admin Panel's screens (the route table's /admin routes): an admin reaches each from here, no URL typed. */
const ADMIN_NAV = [
  { label: 'Members List', to: '/admin/adminmembers' },
  { label: 'Materials Panel', to: '/admin/adminmaterials' },
  { label: 'Tickets List', to: '/admin/adminticketlist' },
  { label: 'Commissions', to: '/admin/admincommissions' },
  { label: 'Sales to verify', to: '/admin/verifysales' },
  { label: 'Compliance', to: '/admin/compliance' },
  { label: 'Insurers', to: '/admin/insurers' },
  { label: 'Statements', to: '/admin/statements' },
  { label: 'Proposals', to: '/admin/proposals' },
  { label: 'E-Store', to: '/admin/estore' },
  { label: 'University', to: '/admin/university' },
  { label: 'Privacy', to: '/admin/privacy' },
] as const;

/** Each tab's waiting work (decision 021): its count in the administrator's queues and what it counts, said with the link. */
const TAB_COUNTS: Partial<Record<(typeof ADMIN_NAV)[number]['to'], (q: AdminQueues) => { value: number; one: string; other: string }>> = {
  '/admin/adminmembers': (q) => ({ value: q.pending_members, one: 'member pending approval', other: 'members pending approval' }),
  '/admin/adminticketlist': (q) => ({ value: q.open_tickets, one: 'open ticket', other: 'open tickets' }),
  '/admin/verifysales': (q) => ({ value: q.sales_to_verify, one: 'sale to verify', other: 'sales to verify' }),
  '/admin/compliance': (q) => ({
    value: q.licences_to_verify + q.held_commissions,
    one: 'licence to verify or held commission',
    other: 'licences to verify and held commissions',
  }),
  '/admin/privacy': (q) => ({ value: q.privacy_requests.count, one: 'open privacy request', other: 'open privacy requests' }),
};

/**
 * /admin/*, inside the admin guard: the 'Admin Panel' sub-navigation above every admin screen;
 * Members List shows how many sign-ups wait for approval (decision 011), and each other queue its
 * waiting work, all from one request, the administrator's queues (decision 021: asked again on each
 * screen and after each change made); a note says when e-mail is off (decision 026).
 */
export function AdminLayout() {
  const queues = useAdminQueues().data;
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const mutating = useIsMutating();
  useEffect(() => {
    if (mutating === 0) void queryClient.invalidateQueries({ queryKey: adminQueuesKey });
  }, [pathname, mutating, queryClient]);
  const items = ADMIN_NAV.map((item) => {
    const count = queues && TAB_COUNTS[item.to]?.(queues);
    return count ? { ...item, count: { value: count.value, description: count.value === 1 ? count.one : count.other } } : item;
  });
  return (
    <>
      <SubNav label="Admin Panel" wrap items={items} />
      <MailStatusNotice />
      <PageOutlet />
    </>
  );
}
