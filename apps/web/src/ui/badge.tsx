import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'danger' | 'warning' | 'info';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  brand: 'bg-brand-50 text-brand-800 ring-brand-600/20',
  success: 'bg-green-50 text-green-800 ring-green-600/25',
  danger: 'bg-red-50 text-red-800 ring-red-600/25',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  info: 'bg-sky-50 text-sky-800 ring-sky-600/25',
};

const dots: Record<BadgeTone, string> = {
  neutral: 'bg-slate-500',
  brand: 'bg-brand-600',
  success: 'bg-green-600',
  danger: 'bg-red-600',
  warning: 'bg-amber-500',
  info: 'bg-sky-600',
};

/**
 * A small status label. Its text always says the status: colour is never the only signal. It is
 * one unit: it never wraps, shrinks or truncates (decision 024), so the column or row holding it
 * makes room for it; `data-fit` lets the e2e width check find it.
 */
export function Badge({
  tone = 'neutral',
  dot = false,
  className,
  children,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone; dot?: boolean }) {
  return (
    <span
      data-fit="badge"
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    >
      {dot && <span aria-hidden="true" className={cn('size-1.5 rounded-full', dots[tone])} />}
      {children}
    </span>
  );
}
