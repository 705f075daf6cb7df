import { CircleDollarSign, TrendingUp, Users } from 'lucide-react';
import { formatPeso } from '@ahente/contract/money';
import { useAgencySummary } from '../reports';
import { CardSection } from '../../ui/card';
import { Totals } from '../../ui/stats';
import { CardLink } from './card-link';
import { useLanguage } from '../../i18n';
import { formatMonth } from '../../lib/dates';
import { currentLocale } from '../../lib/locale';

const count = (n: number | undefined) => (n ?? 0).toLocaleString(currentLocale());
/** Three cards side by side from `lg`: each card's tiles one above the other, so figures keep their size. */
const STACKED = 'lg:grid-cols-1';

/**
 * The admin's dashboard figures (decision 021), from one request: the agency's members and the
 * sign-ups awaiting approval (linked to the Members Record's Pending filter), and this month's
 * counted sales and the commissions every member earned this month.
 */
export function AgencyFigures() {
  const summary = useAgencySummary();
  const { t } = useLanguage();
  const data = summary.data;
  const busy = summary.isPending || undefined;
  const month = data ? formatMonth(data.month) : t('dashboard.thisMonth');
  const pending = data?.pending ?? 0;
  return (
    <>
      <CardSection title={t('dashboard.agencyMembers')} icon={<Users />} className="min-w-0" aria-busy={busy}>
        <Totals
          query={summary}
          loadingLabel={t('dashboard.loadingMembers')}
          errorMessage={t('dashboard.membersFailed')}
          listClassName={STACKED}
          figures={[
            { label: t('dashboard.approvedAgents'), value: () => count(data?.members) },
            { label: t('dashboard.pendingApproval'), value: () => count(data?.pending) },
          ]}
        />
        <p className="mt-2 text-xs text-slate-500">{t('dashboard.membersNote')}</p>
        {pending > 0 ? (
          <CardLink to="/admin/adminmembers?status=Pending">{t('dashboard.reviewPending', { count: pending, n: count(pending) })}</CardLink>
        ) : (
          <CardLink to="/admin/adminmembers">{t('dashboard.viewMembers')}</CardLink>
        )}
      </CardSection>
      <CardSection title={t('dashboard.salesThisMonth')} description={month} icon={<TrendingUp />} className="min-w-0" aria-busy={busy}>
        <Totals
          query={summary}
          loadingLabel={t('dashboard.loadingMonthSales')}
          errorMessage={t('dashboard.monthSalesFailed')}
          listClassName={STACKED}
          figures={[
            { label: t('dashboard.salesCount'), value: () => count(data?.sales.count) },
            { label: t('dashboard.totalSales'), value: () => formatPeso(data?.sales.tcv ?? 0) },
          ]}
        />
        <p className="mt-2 text-xs text-slate-500">{t('dashboard.byEffectiveDate', { note: t('dashboard.countedSalesNote') })}</p>
        <CardLink to="/reports?scope=agency">{t('dashboard.viewReports')}</CardLink>
      </CardSection>
      <CardSection
        title={t('dashboard.commissionsThisMonth')}
        description={month}
        icon={<CircleDollarSign />}
        className="min-w-0"
        aria-busy={busy}
      >
        <Totals
          query={summary}
          loadingLabel={t('dashboard.loadingMonthCommissions')}
          errorMessage={t('dashboard.monthCommissionsFailed')}
          listClassName="*:col-span-full"
          figures={[{ label: t('dashboard.earnedThisMonth'), value: () => formatPeso(data?.commissions ?? 0) }]}
        />
        <p className="mt-2 text-xs text-slate-500">{t('dashboard.everyMemberEarned')}</p>
        <CardLink to="/admin/admincommissions">{t('dashboard.viewCommissions')}</CardLink>
      </CardSection>
    </>
  );
}
