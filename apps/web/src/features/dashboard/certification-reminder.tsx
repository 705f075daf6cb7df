import { ArrowRight, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { MSG } from '@ahente/contract/messages';
import { certificationGaps } from '@ahente/contract/settings';
import { useCertifications } from '../../api/settings';
import { useCurrentUser } from '../../api/session';
import { buttonClasses } from '../../ui/button';
import { cn } from '../../lib/cn';

/**
 * The certification reminder of issue 11, for agents (account type 'user') only: when no
 * certification is on file, or none has a coding date or a TLC date, a warning card says what is
 * missing and leads to Settings, Certifications. Nothing while loading, on failure, or when all is
 * on file.
 */
export function CertificationReminder({ className }: { className?: string }) {
  const user = useCurrentUser();
  const isAgent = user.account_type === 'user';
  return isAgent ? <Reminder memberId={user.user} className={className} /> : null;
}

function Reminder({ memberId, className }: { memberId: number; className?: string }) {
  const certifications = useCertifications(memberId);
  const headingId = useId();
  if (!certifications.isSuccess) return null;

  const gaps = certificationGaps(certifications.data);
  // With none on file, "no certification" says it all; otherwise each missing part.
  const lines: string[] = gaps.none ? [MSG.certificationReminderNone] : [];
  if (!gaps.none && gaps.codingDates) lines.push(MSG.certificationReminderCoding);
  if (!gaps.none && gaps.tlc) lines.push(MSG.certificationReminderTlc);
  if (lines.length === 0) return null;

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
          aria-label="Warning"
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-700"
        >
          <TriangleAlert aria-hidden="true" className="size-[18px]" />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-[0.9375rem] font-semibold text-amber-950">
            {MSG.certificationReminderTitle}
          </h2>
          <ul className="mt-1 flex flex-col gap-0.5 text-sm text-amber-900">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
      <Link to="/settings/certifications" className={buttonClasses({ variant: 'outline', className: 'shrink-0 self-start sm:self-auto' })}>
        Go to Certifications
        <ArrowRight aria-hidden="true" />
      </Link>
    </section>
  );
}
