import { Link, useLocation } from 'react-router';
import { cn } from '../lib/cn';
import { manilaYear } from '../lib/dates';
import { Logo } from '../ui/logo';
import { MFA_SETUP_NAV_ITEMS, NAV_ITEMS, isInArea } from './nav-items';
import { useCurrentUser } from '../api/session';
import { useLanguage } from '../i18n';

interface SidebarContentProps {
  /** Called when an entry is followed (the mobile drawer closes itself). */
  onNavigate?: () => void;
}

/** Logo, the main navigation and a footer; shared by the desktop sidebar and the mobile drawer. */
export function SidebarContent({ onNavigate }: SidebarContentProps) {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const { t } = useLanguage();
  const items = user.mfa_setup_required ? MFA_SETUP_NAV_ITEMS : NAV_ITEMS.filter((item) => !item.adminOnly || user.account_type !== 'user');

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link
          to="/"
          onClick={onNavigate}
          aria-label={t('nav.home')}
          className="-m-1 rounded-md p-1 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Logo markClassName="size-8" />
        </Link>
      </div>

      <nav aria-label={t('nav.main')} className="flex-1 overflow-y-auto px-3 py-3">
        <ul className="flex flex-col gap-0.5">
          {items.map((item) => {
            const active = isInArea(pathname, item.area);
            const Icon = item.icon;
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'group relative flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    active ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  {active && <span aria-hidden="true" className="absolute inset-y-1.5 -left-3 w-1 rounded-r-full bg-brand-700" />}
                  <Icon
                    aria-hidden="true"
                    className={cn('size-[18px] shrink-0', active ? 'text-brand-700' : 'text-slate-400 group-hover:text-slate-600')}
                  />
                  {t(item.label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="shrink-0 border-t border-slate-200 px-5 py-4">
        <p className="text-xs leading-5 text-slate-500">
          {t('nav.footerPortal')}
          <br />© {manilaYear()} {t('nav.footerAgency')}
        </p>
      </div>
    </div>
  );
}
