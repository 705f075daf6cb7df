import { cn } from '../lib/cn';
import { Logo } from './logo';

interface SpinnerProps {
  className?: string;
  /** Spoken to screen readers; omit when the spinner sits inside something already labelled busy. */
  label?: string;
}

/** A small rotating ring. With a label it is a status region ("Loading…"). */
export function Spinner({ className, label }: SpinnerProps) {
  const ring = (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      className={cn('size-5 animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]', className)}
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Covers the viewport while the session is being checked. */
export function FullPageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-50">
      <Logo markClassName="size-10" textClassName="text-2xl" />
      <Spinner className="size-7 text-brand-700" label={label} />
    </div>
  );
}
