import { ChartNoAxesColumnIncreasing, TrendingUp } from 'lucide-react';
import { formatPeso, sumPesos } from '@ahente/contract/money';
import type { SaleRecord } from '@ahente/contract/sales';
import { countsAsSale } from '@ahente/contract/sales-rules';
import { useSales } from '../../api/sales';
import { useCurrentUser } from '../../api/session';
import { CardSection } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { StatList } from '../../ui/stats';
import { useLanguage } from '../../i18n';

/** Total TCV in pesos, summed exactly in centavos. */
export function totalTcv(sales: readonly SaleRecord[]): number {
  const values = sales.map((s) => s.tcv).filter((v) => Number.isFinite(v) && v >= 0);
  try {
    return sumPesos(values);
  } catch {
    return Math.round(values.reduce((acc, v) => acc + v * 100, 0)) / 100;
  }
}

/**
 * The dashboard's Sales card: Sales Count and Total Sales, or 'No Data Yet' when nothing loaded.
 * A rejected sale is not counted (its deal may be sold again: counting both would count it twice),
 * nor a cancelled one (issue 21); the card says so under the figures.
 */
export function SalesCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const sales = useSales(user.user);
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
      ) : sales.isError || !sales.data ? (
        <EmptyState compact icon={<ChartNoAxesColumnIncreasing />} title={t('common.noDataYet')} />
      ) : (
        <SalesFigures sales={sales.data.filter(countsAsSale)} />
      )}
    </CardSection>
  );
}

function SalesFigures({ sales }: { sales: readonly SaleRecord[] }) {
  const { t } = useLanguage();
  return (
    <>
      <StatList
        figures={[
          { label: t('dashboard.salesCount'), value: sales.length.toLocaleString('en-PH') },
          { label: t('dashboard.totalSales'), value: formatPeso(totalTcv(sales)) },
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
