import { cn } from '../lib/cn';

/** A grey placeholder block that pulses while content loads (decorative). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-slate-200/80', className)} />;
}
