import { CircleCheck, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '../../ui/logo';
import { manilaYear } from '../../lib/dates';
import { useLanguage } from '../../i18n';

interface AuthShellProps {
  /** The brand panel's headline and selling points (large screens only). */
  headline: string;
  lead: string;
  points: readonly string[];
  /** Max width of the form column. */
  width?: 'md' | 'lg';
  children: ReactNode;
}

/** Split screen for /login and /register: a brand panel at the left (lg+) and the form. */
export function AuthShell({ headline, lead, points, width = 'md', children }: AuthShellProps) {
  const { t } = useLanguage();
  return (
    <div className="flex min-h-dvh bg-white">
      <aside
        aria-hidden="true"
        className="relative hidden w-[44%] max-w-2xl shrink-0 overflow-hidden bg-linear-to-br from-brand-700 via-brand-800 to-brand-950 lg:flex lg:flex-col lg:justify-between"
      >
        <BrandPattern />
        <div className="relative px-12 pt-12">
          <Logo tone="light" markClassName="size-9" textClassName="text-2xl" />
        </div>

        <div className="relative px-12">
          <p className="max-w-md text-4xl leading-tight font-semibold tracking-tight text-balance text-white">{headline}</p>
          <p className="mt-4 max-w-md text-base leading-relaxed text-brand-100/90">{lead}</p>
          <ul className="mt-8 flex flex-col gap-3.5">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-3 text-sm font-medium text-white/95">
                <CircleCheck className="size-5 shrink-0 text-brand-300" />
                {point}
              </li>
            ))}
          </ul>
        </div>

        <div className="relative px-12 pb-10">
          <div className="flex max-w-md items-start gap-4 rounded-2xl border border-white/10 bg-white/5 p-5 backdrop-blur-sm">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 text-brand-200">
              <ShieldCheck className="size-5" />
            </span>
            <p className="text-sm leading-relaxed text-brand-50/90">
              <span className="block font-semibold text-white">{t('shell.fieldTitle')}</span>
              {t('shell.fieldText')}
            </p>
          </div>
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <main className="flex flex-1 flex-col items-center justify-center px-5 py-10 sm:px-8">
          <div className={width === 'lg' ? 'w-full max-w-xl' : 'w-full max-w-md'}>
            <div className="mb-8 lg:hidden">
              <Logo markClassName="size-9" textClassName="text-2xl" />
            </div>
            {children}
          </div>
        </main>
        <footer className="px-5 pb-6 text-center text-xs text-slate-500">
          <p>{t('shell.footer', { year: manilaYear() })}</p>
        </footer>
      </div>
    </div>
  );
}

/** Soft concentric rings and a dot grid behind the brand panel (decorative). */
function BrandPattern() {
  return (
    <svg className="pointer-events-none absolute inset-0 size-full" viewBox="0 0 600 900" preserveAspectRatio="xMidYMid slice">
      <defs>
        <pattern id="auth-dots" width="24" height="24" patternUnits="userSpaceOnUse">
          <circle cx="2" cy="2" r="1.2" fill="#ffffff" fillOpacity="0.08" />
        </pattern>
        <radialGradient id="auth-glow" cx="0.85" cy="0.1" r="0.7">
          <stop offset="0" stopColor="#5eead4" stopOpacity="0.28" />
          <stop offset="1" stopColor="#5eead4" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="600" height="900" fill="url(#auth-glow)" />
      <rect width="600" height="900" fill="url(#auth-dots)" />
      <g fill="none" stroke="#ffffff" strokeOpacity="0.07">
        <circle cx="560" cy="120" r="120" />
        <circle cx="560" cy="120" r="200" />
        <circle cx="560" cy="120" r="280" />
        <circle cx="560" cy="120" r="360" />
      </g>
    </svg>
  );
}
