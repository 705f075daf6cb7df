import { ChartNoAxesColumnIncreasing, TrendingUp } from 'lucide-react';
import { formatPeso } from '@ahente/contract/money';
import { useSalesPages } from '../sales';
import { useCurrentUser } from '../../api/session';
import { CardSection } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { StatList } from '../../ui/stats';
import { useLanguage } from '../../i18n';

/**
 * The dashboard's Sales card: Sales Count and Total Sales, or 'No Data Yet' when nothing loaded. A
 * rejected sale is not counted (its deal may be sold again: counting both would count it twice),
 * nor a cancelled one (decision 019); the card says so under the figures. The figures are the sales
 * table's own totals with no date filter (`counted` and `tcv` of its first page, summed by the
 * server over every sale): one definition and one request for both screens (decision 036).
 */
export function SalesCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const sales = useSalesPages(user.memberId, '', '');
  const first = sales.data?.pages[0];
  const { t } = useLanguage();

  return (
    <CardSection title={t('dashboard.sales')} icon={<TrendingUp />} className={className} aria-busy={sales.isPending}>
      {sales.isPending ? (
        <div className="grid grid-cols-2 gap-4">
          <StatSkeleton />
          <StatSkeleton />
          <span className="sr-only" role="status">
            {t('dashboard.loadingSales')}
          </span>
        </div>
      ) : sales.isError || !first ? (
        <EmptyState compact icon={<ChartNoAxesColumnIncreasing />} title={t('common.noDataYet')} />
      ) : (
        <SalesFigures counted={first.counted} tcv={first.tcv} />
      )}
    </CardSection>
  );
}

function SalesFigures({ counted, tcv }: { counted: number; tcv: number }) {
  const { t } = useLanguage();
  return (
    <>
      <StatList
        figures={[
          { label: t('dashboard.salesCount'), value: counted.toLocaleString('en-PH') },
          { label: t('dashboard.totalSales'), value: formatPeso(tcv) },
        ]}
      />
      <p className="mt-2 text-xs text-slate-500">{t('dashboard.countedSalesNote')}</p>
    </>
  );
}

function StatSkeleton() {
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3">
      <Skeleton className="h-3 w-20" />
      <Skeleton className="mt-2.5 h-7 w-28" />
    </div>
  );
}
