import { TriangleAlert } from 'lucide-react';
import { MSG } from '@ahente/contract/messages';
import { certificationGaps } from '@ahente/contract/settings';
import { useCertifications } from '../../api/settings';
import { useCurrentUser } from '../../api/session';
import { ReminderBanner } from './reminder-banner';

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
  if (!certifications.isSuccess) return null;

  const gaps = certificationGaps(certifications.data);
  // With none on file, "no certification" says it all; otherwise each missing part.
  const lines: string[] = gaps.none ? [MSG.certificationReminderNone] : [];
  if (!gaps.none && gaps.codingDates) lines.push(MSG.certificationReminderCoding);
  if (!gaps.none && gaps.tlc) lines.push(MSG.certificationReminderTlc);
  if (lines.length === 0) return null;

  return (
    <ReminderBanner
      icon={TriangleAlert}
      title={MSG.certificationReminderTitle}
      lines={lines}
      to="/settings/certifications"
      linkLabel="Go to Certifications"
      className={className}
    />
  );
}
