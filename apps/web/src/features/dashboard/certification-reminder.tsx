import { TriangleAlert } from 'lucide-react';
import { certificationGaps } from '@ahente/contract/settings-rules';
import { useCertifications } from '../../api/settings';
import { useCurrentUser } from '../../api/session';
import { ReminderBanner } from './reminder-banner';
import { useLanguage } from '../../i18n';

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
  const { t } = useLanguage();
  if (!certifications.isSuccess) return null;

  const gaps = certificationGaps(certifications.data);
  // With none on file, "no certification" says it all; otherwise each missing part.
  const lines: string[] = gaps.none ? [t('reminders.certificationNone')] : [];
  if (!gaps.none && gaps.codingDates) lines.push(t('reminders.certificationCoding'));
  if (!gaps.none && gaps.tlc) lines.push(t('reminders.certificationTlc'));
  if (lines.length === 0) return null;

  return (
    <ReminderBanner
      icon={TriangleAlert}
      title={t('reminders.certificationTitle')}
      lines={lines}
      to="/settings/certifications"
      linkLabel={t('reminders.goToCertifications')}
      className={className}
    />
  );
}
