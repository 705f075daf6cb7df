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

/** A key of the catalogue's `nav` words. */
export type NavLabelKey =
  `nav.${'dashboard' | 'portfolio' | 'deals' | 'sales' | 'commissions' | 'reports' | 'proposals' | 'estore' | 'helpCenter' | 'university' | 'recruitment' | 'marketing' | 'learning' | 'settings' | 'admin'}`;

export interface NavItem {
  /** The entry's words in the catalogue (decision 030). */
  label: NavLabelKey;
  to: string;
  icon: LucideIcon;
  /** The area the entry stands for: it is active on this path and everything under it. */
  area: string;
  adminOnly?: boolean;
}

/**
 * The sidebar, in its order; Commissions and Reports (decisions 016 and 017) follow Sales, and
 * Learning Resources (/learning, decision 022) follows Marketing: the two libraries of materials.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'nav.dashboard', to: '/', icon: LayoutDashboard, area: '/' },
  { label: 'nav.portfolio', to: '/portfolio', icon: BriefcaseBusiness, area: '/portfolio' },
  { label: 'nav.deals', to: '/deals/dealsinput', icon: Handshake, area: '/deals' },
  { label: 'nav.sales', to: '/sales/salesview', icon: TrendingUp, area: '/sales' },
  { label: 'nav.commissions', to: '/commissions', icon: Coins, area: '/commissions' },
  { label: 'nav.reports', to: '/reports', icon: ChartColumn, area: '/reports' },
  { label: 'nav.proposals', to: '/proposals', icon: ReceiptText, area: '/proposals' },
  { label: 'nav.estore', to: '/estore', icon: Store, area: '/estore' },
  { label: 'nav.helpCenter', to: '/helpcenter', icon: LifeBuoy, area: '/helpcenter' },
  { label: 'nav.university', to: '/university', icon: GraduationCap, area: '/university' },
  { label: 'nav.recruitment', to: '/recruitment', icon: UserPlus, area: '/recruitment' },
  { label: 'nav.marketing', to: '/marketing', icon: Megaphone, area: '/marketing' },
  { label: 'nav.learning', to: '/learning', icon: BookOpen, area: '/learning' },
  { label: 'nav.settings', to: '/settings/userdetails', icon: Settings, area: '/settings' },
  { label: 'nav.admin', to: '/admin/adminmembers', icon: ShieldCheck, area: '/admin', adminOnly: true },
];

/**
 * The one entry of an administrator who must turn on two-factor sign-in first (decision 027): every
 * other page would only be refused until it is on.
 */
export const MFA_SETUP_NAV_ITEMS: readonly NavItem[] = [
  { label: 'nav.settings', to: '/settings/security', icon: Settings, area: '/settings' },
];

/** Whether `pathname` is inside `area` ('/' matches only the dashboard itself). */
export function isInArea(pathname: string, area: string): boolean {
  if (area === '/') return pathname === '/';
  return pathname === area || pathname.startsWith(`${area}/`);
}
