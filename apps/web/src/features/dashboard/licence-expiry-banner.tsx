import { CalendarClock } from 'lucide-react';
import { useLicenceAlerts } from '../licences';
import { useCurrentUser } from '../../api/session';
import { i18n, useLanguage } from '../../i18n';
import { formatCalendarDate } from '../../lib/dates';
import { currentLocale } from '../../lib/locale';
import { ReminderBanner } from './reminder-banner';

/** "(today)", "(tomorrow)", "(in 36 days)". */
function inDays(days: number): string {
  if (days === 0) return i18n.t('licenceBanner.today');
  if (days === 1) return i18n.t('licenceBanner.tomorrow');
  return i18n.t('licenceBanner.inDays', { n: days.toLocaleString(currentLocale()) });
}

/**
 * Decision 018: a member whose verified licence for a line they sell (from the products of their
 * sales) expires within 60 days, with no renewal on file, is reminded here until it is renewed, and
 * led to Settings, Licences. Not for admins; nothing while loading, on failure, or when no licence
 * is about to expire.
 */
export function LicenceExpiryBanner({ className }: { className?: string }) {
  const user = useCurrentUser();
  return user.account_type === 'admin' ? null : <Banner memberId={user.memberId} className={className} />;
}

function Banner({ memberId, className }: { memberId: number; className?: string }) {
  const { t } = useLanguage();
  // Decided on the server from the licences and the products sold (expiringLicenceAlerts), so
  // that the dashboard loads no list of sales for it.
  const alerts = useLicenceAlerts(memberId).data?.alerts ?? [];
  if (alerts.length === 0) return null;

  return (
    <ReminderBanner
      icon={CalendarClock}
      title={alerts.length === 1 ? t('licenceBanner.titleOne') : t('licenceBanner.titleOther')}
      lines={alerts.map((alert) =>
        t('licenceBanner.line', { line: alert.line, date: formatCalendarDate(alert.expires_on), when: inDays(alert.days) }),
      )}
      to="/settings/licences"
      linkLabel={t('licenceBanner.goTo')}
      className={className}
    />
  );
}
