import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../lib/cn';

export interface SubNavItem {
  label: string;
  to: string;
  /**
   * A number shown after the label when above 0 (the Admin Panel's Pending members), and what it
   * counts, said with the link (its description). The number is hidden from the accessibility tree
   * so that the link's name stays the label and still holds all of its visible text (WCAG 2.5.3).
   */
  count?: { value: number; description: string } | undefined;
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
 * The sub-navigation of an area ("Your Deals", "Your Sales"): its title and a row of links; the
 * current page's link is highlighted and marked aria-current="page".
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
          const count = item.count && item.count.value > 0 ? item.count : undefined;
          const countId = `${labelId}-${item.to}-count`;
          return (
            <li key={item.to} className="shrink-0">
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                {...(count ? { 'aria-describedby': countId } : {})}
                className={cn(
                  'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
                  active
                    ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-900/5'
                    : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
                )}
              >
                {item.label}
                {count && (
                  <span
                    aria-hidden="true"
                    className="ml-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 tabular-nums ring-1 ring-amber-600/25 ring-inset"
                  >
                    {count.value.toLocaleString('en-PH')}
                  </span>
                )}
              </Link>
              {count && (
                <span id={countId} className="sr-only">
                  {`${count.value.toLocaleString('en-PH')} ${count.description}`}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
