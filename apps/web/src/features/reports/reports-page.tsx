import { ChartColumn, ChartPie, ChartSpline, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { monthUpToToday, todayInManila } from '@ahente/contract/dates';
import { formatPeso } from '@ahente/contract/money';
import { REPORT_SCOPES, type ReportResponse, type ReportScope } from '@ahente/contract/reports';
import { isApiError, serverReason } from '../../api/client';
import { useReport, type ReportPeriod } from './api';
import { useCurrentUser } from '../../api/session';
import type { DateRange } from '../../lib/use-date-range-filter';
import { buttonClasses } from '../../ui/button';
import { Card, CardSection } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { Totals } from '../../ui/stats';
import { SubNav } from '../../ui/sub-nav';
import { LeaderboardCard } from './leaderboard-card';
import { MonthlyChart } from './monthly-chart';
import { ProductMixChart } from './product-mix-chart';
import { RetentionCard } from './retention-card';
import { AgencyRevenueCard } from './agency-revenue-card';
import { formatCount } from './report-format';
import { useLanguage } from '../../i18n';
import './i18n';

type T = ReturnType<typeof useLanguage>['t'];

const scopeLink = (scope: ReportScope) => `/reports?scope=${scope}`;

/** The scope in the address (?scope=team), or null: the server then answers the widest one the member may see. */
function scopeFrom(params: URLSearchParams): ReportScope | null {
  const value = params.get('scope');
  return (REPORT_SCOPES as readonly string[]).includes(value ?? '') ? (value as ReportScope) : null;
}

/** This month up to today (Manila): the same days as the monthly figures' last month (monthUpToToday, decision 023). */
function thisMonth(): ReportPeriod {
  const today = todayInManila();
  const { from, to } = monthUpToToday(today.slice(0, 7), today);
  return { from, to };
}

/** What the figures cover, in a sentence under the summary. */
function coverage(report: ReportResponse, t: T): string {
  if (report.scope === 'own') return t('reports.coverageOwn');
  // The member counts are the dashboards' (decision 021): approved, active members only.
  const members = t('reports.members', { count: report.members, n: formatCount(report.members) });
  const teamNote = t('dashboard.teamCountNote');
  if (report.scope === 'team') return t('reports.coverageTeam', { members, teamNote, own: t('reports.scopes.own') });
  return t('reports.coverageAgency', { members, teamNote });
}

const EMPTY_TEXT = {
  own: { title: 'reports.emptyOwnTitle', description: 'reports.emptyOwn' },
  team: { title: 'reports.emptyTeamTitle', description: 'reports.emptyTeam' },
  agency: { title: 'reports.emptyAgencyTitle', description: 'reports.emptyAgency' },
} as const satisfies Record<ReportScope, { title: string; description: string }>;

/**
 * /reports (decision 017): the member's own sales by month and product for the last 12 months; for
 * a leader the same for their whole downline with a leaderboard of direct recruits; for an admin
 * the whole agency. The charts (recharts) load with this page only.
 */
export function ReportsPage() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const [params] = useSearchParams();
  const asked = scopeFrom(params);
  const [period, setPeriod] = useState<ReportPeriod>(thisMonth);
  // The period asked for: the last one whose To is not before its From.
  const [applied, setApplied] = useState<ReportPeriod>(period);
  const update = (next: ReportPeriod) => {
    setPeriod(next);
    if (!next.from || !next.to || next.from <= next.to) setApplied(next);
  };
  const range: DateRange = {
    from: period.from,
    to: period.to,
    setFrom: (from) => update({ ...period, from }),
    setTo: (to) => update({ ...period, to }),
    filtered: Boolean(period.from || period.to),
    clear: () => update({ from: '', to: '' }),
  };
  const month = thisMonth();

  const report = useReport(user.memberId, asked, applied);
  const data = report.data;
  const scope = data?.scope ?? asked ?? 'own';
  const lastMonth = data?.months.at(-1);
  // A scope this member may not see (an address typed by hand): the reason, and the way to their own.
  const refused = report.isError && isApiError(report.error, 403) && asked !== 'own' ? serverReason(report.error) : undefined;

  return (
    <>
      <PageHeader title={t('reports.title')} description={t('reports.description')} />
      {data && data.scopes.length > 1 && (
        <SubNav
          label={t('reports.whoseSales')}
          labelHidden
          current={scopeLink(scope)}
          items={data.scopes.map((s) => ({ label: t(`reports.scopes.${s}`), to: scopeLink(s) }))}
        />
      )}

      {/* Six columns from lg: the charts' figures tables fit their cards from 1280 px (decision 024). */}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-6">
        <CardSection
          title={t('reports.last12')}
          className="lg:col-span-2 lg:col-start-5 lg:row-start-1 lg:self-start"
          description={data ? coverage(data, t) : undefined}
        >
          {refused ? (
            <EmptyState
              compact
              icon={<ShieldX />}
              title={refused}
              action={
                <Link to={scopeLink('own')} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                  {t('reports.showScope', { scope: t('reports.scopes.own') })}
                </Link>
              }
            />
          ) : (
            <Totals
              query={report}
              loadingLabel={t('reports.loading')}
              errorMessage={serverReason(report.error) ?? t('reports.failed')}
              figures={[
                { label: t('reports.totalTcv'), value: formatPeso(data?.totals.tcv ?? 0) },
                { label: t('reports.sales'), value: formatCount(data?.totals.count ?? 0) },
                { label: t('reports.tcvThisMonth'), value: formatPeso(lastMonth?.tcv ?? 0) },
                { label: t('reports.salesThisMonth'), value: formatCount(lastMonth?.count ?? 0) },
              ]}
            />
          )}
          {!refused && <p className="mt-2 text-xs text-slate-500">{t('dashboard.countedSalesNote')}</p>}
        </CardSection>

        {report.isPending ? (
          <>
            <ChartPlaceholder title={t('reports.tcvByMonth')} className="lg:col-span-4 lg:row-start-1" />
            <ChartPlaceholder title={t('reports.productMix')} className="lg:col-span-3" />
            <ChartPlaceholder title={t('reports.retention')} className="lg:col-span-3" />
          </>
        ) : !data ? null : data.totals.count === 0 ? (
          <Card className="lg:col-span-4 lg:row-start-1">
            <EmptyState
              icon={<ChartSpline />}
              title={t(EMPTY_TEXT[data.scope].title)}
              description={t(EMPTY_TEXT[data.scope].description)}
            />
          </Card>
        ) : (
          <>
            <CardSection
              title={t('reports.tcvByMonth')}
              icon={<ChartColumn />}
              description={t('reports.tcvByMonthDescription')}
              className="min-w-0 lg:col-span-4 lg:row-start-1"
            >
              <MonthlyChart months={data.months} />
            </CardSection>
            <CardSection
              title={t('reports.productMix')}
              icon={<ChartPie />}
              description={t('reports.productMixDescription')}
              className="min-w-0 lg:col-span-3"
            >
              <ProductMixChart products={data.products} totalTcv={data.totals.tcv} />
            </CardSection>
          </>
        )}

        {data?.leaderboard && data.scope !== 'own' && (
          <LeaderboardCard
            scope={data.scope}
            rows={data.leaderboard}
            query={report}
            range={range}
            isThisMonth={period.from === month.from && period.to === month.to}
            onThisMonth={() => update(month)}
            className={data.totals.count === 0 ? 'lg:col-span-6' : 'min-w-0 lg:col-span-3'}
          />
        )}

        {/* Retention (decision 025): beside the product mix for one's own sales, under the leaderboard's row otherwise. */}
        {data && <RetentionCard scope={data.scope} months={data.retention} className="min-w-0 lg:col-span-3" />}

        {/* The agency's own money (issue 45 §5): what the insurers paid it, for administrators. */}
        {user.account_type === 'admin' && <AgencyRevenueCard className="min-w-0 lg:col-span-6" />}
      </div>
    </>
  );
}

/** A chart's card while the report loads: its title over a placeholder of the chart's height. */
function ChartPlaceholder({ title, className }: { title: string; className?: string }) {
  return (
    <CardSection title={title} className={className} aria-busy>
      <Skeleton className="h-64 w-full" />
    </CardSection>
  );
}
