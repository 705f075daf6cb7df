import { useId } from 'react';
import { cn } from '../lib/cn';

interface LogoMarkProps {
  className?: string;
}

/** The Ahente mark: a shield (protection) carrying an "A", on a teal tile. */
export function LogoMark({ className }: LogoMarkProps) {
  // Unique per instance: a gradient referenced from a hidden copy of the logo would not paint.
  const gradientId = `ahente-mark-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('shrink-0', className ?? 'size-8')}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#14b8a6" />
          <stop offset="1" stopColor="#115e59" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M16 6.5 8.5 9.4v6.1c0 4.8 3.2 8.6 7.5 10 4.3-1.4 7.5-5.2 7.5-10V9.4L16 6.5Z"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="m12.2 19.6 3.8-9 3.8 9M13.6 16.4h4.8"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface LogoProps {
  className?: string;
  markClassName?: string;
  textClassName?: string;
  /** 'dark' text for light backgrounds, 'light' text for the brand panel. */
  tone?: 'dark' | 'light';
}

/** Mark + the word "Ahente" (real text, so the logo reads as "Ahente"). */
export function Logo({ className, markClassName, textClassName, tone = 'dark' }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className={markClassName ?? 'size-8'} />
      <span className={cn('font-semibold tracking-tight', textClassName ?? 'text-xl', tone === 'dark' ? 'text-slate-900' : 'text-white')}>
        Ahente
      </span>
    </span>
  );
}
