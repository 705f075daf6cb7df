import {
  BookOpen,
  BriefcaseBusiness,
  ChartColumn,
  Coins,
  GraduationCap,
  Handshake,
  LayoutDashboard,
  LifeBuoy,
  Megaphone,
  ReceiptText,
  Settings,
  ShieldCheck,
  Store,
  TrendingUp,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** The area the entry stands for: it is active on this path and everything under it. */
  area: string;
  adminOnly?: boolean;
}

/**
 * The sidebar of spec §2 Layout, in its order; Commissions and Reports (issue 12) follow Sales,
 * and Learning Resources (/learning, issue 22) follows Marketing: the two libraries of materials.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard, area: '/' },
  { label: 'Portfolio', to: '/portfolio', icon: BriefcaseBusiness, area: '/portfolio' },
  { label: 'Deals', to: '/deals/dealsinput', icon: Handshake, area: '/deals' },
  { label: 'Sales', to: '/sales/salesview', icon: TrendingUp, area: '/sales' },
  { label: 'Commissions', to: '/commissions', icon: Coins, area: '/commissions' },
  { label: 'Reports', to: '/reports', icon: ChartColumn, area: '/reports' },
  { label: 'Proposals', to: '/proposals', icon: ReceiptText, area: '/proposals' },
  { label: 'E-Store', to: '/estore', icon: Store, area: '/estore' },
  { label: 'Help Center', to: '/helpcenter', icon: LifeBuoy, area: '/helpcenter' },
  { label: 'University', to: '/university', icon: GraduationCap, area: '/university' },
  { label: 'Recruitment', to: '/recruitment', icon: UserPlus, area: '/recruitment' },
  { label: 'Marketing', to: '/marketing', icon: Megaphone, area: '/marketing' },
  { label: 'Learning Resources', to: '/learning', icon: BookOpen, area: '/learning' },
  { label: 'Settings', to: '/settings/userdetails', icon: Settings, area: '/settings' },
  { label: 'Admin Panel', to: '/admin/adminmembers', icon: ShieldCheck, area: '/admin', adminOnly: true },
];

/**
 * The one entry of an administrator who must turn on two-factor sign-in first (issue 24 §4): every
 * other page would only be refused until it is on.
 */
export const MFA_SETUP_NAV_ITEMS: readonly NavItem[] = [{ label: 'Settings', to: '/settings/security', icon: Settings, area: '/settings' }];

/** Whether `pathname` is inside `area` ('/' matches only the dashboard itself). */
export function isInArea(pathname: string, area: string): boolean {
  if (area === '/') return pathname === '/';
  return pathname === area || pathname.startsWith(`${area}/`);
}
