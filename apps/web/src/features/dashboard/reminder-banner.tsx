import { ArrowRight, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../../ui/button';
import { useLanguage } from '../../i18n';

/**
 * A dashboard reminder (the certification reminder, the licence expiry banner): an amber card with
 * its icon, a heading, what needs doing line by line, and the link to where it is done.
 */
export function ReminderBanner({
  icon: Icon,
  title,
  lines,
  to,
  linkLabel,
  className,
}: {
  icon: LucideIcon;
  title: string;
  lines: readonly string[];
  to: string;
  linkLabel: string;
  className?: string;
}) {
  const headingId = useId();
  const { t } = useLanguage();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-4 rounded-xl border border-amber-200 bg-amber-50 p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <div className="flex min-w-0 items-start gap-3">
        <span
          role="img"
          aria-label={t('reminders.warning')}
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-700"
        >
          <Icon aria-hidden="true" className="size-[18px]" />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-[0.9375rem] font-semibold text-amber-950">
            {title}
          </h2>
          <ul className="mt-1 flex flex-col gap-0.5 text-sm text-amber-900">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
      <Link to={to} className={buttonClasses({ variant: 'outline', className: 'shrink-0 self-start sm:self-auto' })}>
        {linkLabel}
        <ArrowRight aria-hidden="true" />
      </Link>
    </section>
  );
}
