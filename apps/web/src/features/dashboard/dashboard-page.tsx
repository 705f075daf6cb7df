import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../api/session';
import { cn } from '../../lib/cn';
import { PageHeader } from '../../ui/page-header';
import { ActiveProposalsCard } from './active-proposals-card';
import { AdminQueuesCards } from './admin-queues-card';
import { AgencyFigures } from './agency-figures';
import { CommissionsCard } from './commissions-card';
import { LicenceExpiryBanner } from './licence-expiry-banner';
import { ReferralCard } from './referral-card';
import { RenewalsCard } from './renewals-card';
import { SalesCard } from './sales-card';
import { useSetupChecklist } from './api';
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
  const holdCards = useHoldForChecklist(user.memberId, user.account_type === 'user');
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
      <div
        className={cn('grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-4', holdCards && 'invisible')}
        aria-busy={holdCards || undefined}
      >
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

/** The longest the cards wait unpainted for the checklist's answer (a slow or failing call). */
const CHECKLIST_HOLD_MS = 2_000;

/**
 * Whether an agent's cards are held unpainted (`visibility: hidden`: laid out, their own calls
 * started, not drawn) while the first steps' answer is on its way: the checklist leads the page, and
 * drawn later it pushed every card down (CLS 0.71 on the phone bench, decision 014). The first
 * render usually has the answer already (app/first-calls.ts); this covers a slower one, at most
 * CHECKLIST_HOLD_MS, after which the cards are shown whatever comes.
 */
function useHoldForChecklist(memberId: number, isAgent: boolean): boolean {
  const pending = useSetupChecklist(memberId, isAgent).isPending && isAgent;
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setExpired(true), CHECKLIST_HOLD_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return pending && !expired;
}
