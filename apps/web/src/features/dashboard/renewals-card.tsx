import { CalendarClock } from 'lucide-react';
import { POLICY_DUE_DAYS } from '@ahente/contract/portfolio-rules';
import { firstPortfolioPage, usePortfolio } from '../portfolio';
import { useCurrentUser } from '../../api/session';
import { CardSection } from '../../ui/card';
import { Totals } from '../../ui/stats';
import { CardLink } from './card-link';
import { useLanguage } from '../../i18n';

/**
 * The dashboard's Renewals card (decision 025): the member's policies due for renewal and lapsed,
 * from the counts of the Portfolio's first page (one request, the one the Portfolio opens with).
 * The tiles hold their place while loading, so nothing below moves.
 */
export function RenewalsCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const portfolio = usePortfolio(firstPortfolioPage(user.memberId), { keepPrevious: false });
  const counts = portfolio.data?.counts;
  const { t } = useLanguage();
  return (
    <CardSection
      title={t('dashboard.renewals')}
      icon={<CalendarClock />}
      description={t('dashboard.renewalsDescription', { days: POLICY_DUE_DAYS })}
      className={className}
      aria-busy={portfolio.isPending || undefined}
    >
      <Totals
        query={portfolio}
        loadingLabel={t('dashboard.loadingRenewals')}
        errorMessage={t('dashboard.renewalsFailed')}
        figures={[
          { label: t('dashboard.renewalsDue'), value: () => (counts?.due ?? 0).toLocaleString('en-PH') },
          { label: t('dashboard.lapsed'), value: () => (counts?.lapsed ?? 0).toLocaleString('en-PH') },
        ]}
      />
      <CardLink to="/portfolio?status=due">{t('dashboard.viewRenewalsDue')}</CardLink>
    </CardSection>
  );
}
