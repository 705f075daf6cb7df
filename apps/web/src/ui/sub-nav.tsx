import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../lib/cn';

export interface SubNavItem {
  label: string;
  to: string;
}

interface SubNavProps {
  /** The navigation's visible title, also its accessible name (e.g. "Your Deals"). */
  label: string;
  items: readonly SubNavItem[];
  /** Keep the title for assistive technology only (the page's h1 already says it, e.g. settings tabs). */
  labelHidden?: boolean;
  /** Links that do not fit one row wrap to the next (instead of the row scrolling sideways). */
  wrap?: boolean;
  /** The `to` of the current item, when the path alone does not tell (links that differ by a query, `?scope=team`). */
  current?: string;
  className?: string;
}

/**
 * The sub-navigation of an area (spec §2 Layout: "Your Deals", "Your Sales"): its title and a row
 * of links; the current page's link is highlighted and marked aria-current="page".
 */
export function SubNav({ label, items, labelHidden = false, wrap = false, current, className }: SubNavProps) {
  const { pathname } = useLocation();
  const labelId = useId();
  return (
    <nav aria-labelledby={labelId} className={cn('mb-5 flex flex-wrap items-center gap-x-4 gap-y-2', className)}>
      <span id={labelId} className={labelHidden ? 'sr-only' : 'text-xs font-semibold tracking-wide text-slate-500 uppercase'}>
        {label}
      </span>
      <ul className={cn('flex max-w-full gap-1 rounded-lg bg-slate-200/60 p-1', wrap ? 'flex-wrap' : 'overflow-x-auto')}>
        {items.map((item) => {
          const active = current !== undefined ? current === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`);
          return (
            <li key={item.to} className="shrink-0">
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
                  active
                    ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-900/5'
                    : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
