import { useCurrentUser } from '../../api/session';
import { PageHeader } from '../../ui/page-header';
import { ActiveProposalsCard } from './active-proposals-card';
import { AdminQueuesCards } from './admin-queues-card';
import { AgencyFigures } from './agency-figures';
import { CommissionsCard } from './commissions-card';
import { LicenceExpiryBanner } from './licence-expiry-banner';
import { ReferralCard } from './referral-card';
import { RenewalsCard } from './renewals-card';
import { SalesCard } from './sales-card';
import { SetupChecklist } from './setup-checklist';
import { TeamSizeCard } from './team-size-card';
import { UniversityCard } from './university-card';
import { useLanguage } from '../../i18n';

/**
 * /, the Dashboard: Sales, Commissions, Team Size (direct recruits and whole downline), Active
 * Proposals, Renewals (decision 025), the referral link, and for agents their first steps until
 * done (decision 018: licence, bank details, TIN, certification, photo; it replaced the
 * certification reminder of decision 015) and a reminder of a licence about to expire (also
 * decision 018). An administrator, who sells nothing, sees the agency's figures instead
 * (decision 021).
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const firstName = user.name.trim().split(/\s+/)[0] ?? '';

  if (user.account_type === 'admin') {
    // By full name: an administrator made at first start is 'Agency Administrator'.
    const name = user.name.trim().replace(/\s+/g, ' ');
    return (
      <>
        <PageHeader
          title={t('dashboard.title')}
          description={name ? t('dashboard.greetingAdmin', { name }) : t('dashboard.agencyStands')}
        />
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
          <AdminQueuesCards />
          <AgencyFigures />
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('dashboard.title')} description={firstName ? t('dashboard.greetingAgent', { name: firstName }) : undefined} />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {/* A new member's first steps (decision 018) lead the page until done: they are why a first sale is paid or held. */}
        <SetupChecklist className="col-span-full" />
        <SalesCard className="sm:col-span-2" />
        <CommissionsCard className="sm:col-span-2" />
        <TeamSizeCard className="sm:col-span-2" />
        <ActiveProposalsCard className="sm:col-span-2" />
        <RenewalsCard className="sm:col-span-2" />
        <ReferralCard className="sm:col-span-2" />
        {/* University (issue 47): the required courses due. */}
        <UniversityCard className="sm:col-span-2" />
        {/* Below the cards: the reminders appear once their data is in, and above the cards they pushed them down (CLS, decision 014). */}
        <LicenceExpiryBanner className="col-span-full" />
      </div>
    </>
  );
}
