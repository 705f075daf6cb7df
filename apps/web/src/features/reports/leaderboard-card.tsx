import { CalendarDays, Trophy, UserRoundPlus } from 'lucide-react';
import { formatPeso } from '@ahente/contract/money';
import { LEADERBOARD_SIZE, type ReportResponse } from '@ahente/contract/reports';
import type { DateRange } from '../../lib/use-date-range-filter';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { TableBodyStates, type ListQueryState } from '../../ui/table-states';
import { FIGURES_TABLE } from './chart-figures';
import { POSITION_LABELS } from '@ahente/contract/labels';
import { formatCount } from './report-format';
import { useLanguage } from '../../i18n';
import './i18n';

const COLUMNS = 4;

interface LeaderboardCardProps {
  scope: 'team' | 'agency';
  rows: ReportResponse['leaderboard'] | undefined;
  query: ListQueryState;
  range: DateRange;
  /** Whether the period is this month already (its button is then disabled). */
  isThisMonth: boolean;
  onThisMonth: () => void;
  className?: string;
}

/**
 * The leaderboard (decisions 017 and 021): the ranked sellers among a leader's direct recruits, or
 * among every agent for an admin: approved, active members with a counted sale with an effective
 * date in From–To (inclusive; this month unless changed), by their TCV, then by number of sales,
 * then name. Nobody who sold nothing is listed; with no seller the table says so.
 */
export function LeaderboardCard({ scope, rows, query, range, isThisMonth, onThisMonth, className }: LeaderboardCardProps) {
  const { t } = useLanguage();
  const inPeriod = Boolean(range.from || range.to);
  return (
    <CardSection
      title={t('reports.leaderboard')}
      icon={<Trophy />}
      description={t(scope === 'team' ? 'reports.leaderboardTeam' : 'reports.leaderboardAgency', {
        size: LEADERBOARD_SIZE,
        note: t('reports.rankedNote'),
      })}
      className={className}
      aria-busy={query.isFetching || undefined}
    >
      <div className="space-y-3 pb-4">
        <DateRangeFilter range={range} fromLabel={t('sales.fromColon')} toLabel={t('sales.toColon')}>
          <Button variant="outline" onClick={onThisMonth} disabled={isThisMonth}>
            <CalendarDays aria-hidden="true" />
            {t('reports.thisMonth')}
          </Button>
        </DateRangeFilter>
      </div>
      {/* Edge to edge in the card, as the charts' tables. */}
      <div className="-mx-5 -mb-5 overflow-hidden rounded-b-xl border-t border-slate-200">
        <Table
          caption={t(scope === 'team' ? 'reports.leaderboardTeamCaption' : 'reports.leaderboardAgencyCaption')}
          className={FIGURES_TABLE}
        >
          <TableHead>
            <tr>
              <TableHeaderCell numeric className="w-12">
                #
              </TableHeaderCell>
              <TableHeaderCell>{t('reports.name')}</TableHeaderCell>
              <TableHeaderCell numeric className="hidden sm:table-cell">
                {t('reports.sales')}
              </TableHeaderCell>
              <TableHeaderCell numeric>{t('reports.tcv')}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={query}
            loadingLabel={t('reports.loadingLeaderboard')}
            skeletonClassName={(column) => (column === 1 ? 'h-4 w-32' : 'h-4 w-12')}
            errorMessage={t('reports.leaderboardFailed')}
            empty={(rows?.length ?? 0) === 0}
            emptyIcon={<UserRoundPlus />}
            emptyTitle={inPeriod ? t('reports.noSalesInPeriod') : t('reports.noSalesYet')}
            emptyDescription={t(scope === 'team' ? 'reports.leaderboardEmptyTeam' : 'reports.leaderboardEmptyAgency')}
          >
            {rows?.map((row) => (
              <TableRow key={row.id}>
                <TableCell numeric className="text-slate-500">
                  {row.rank}
                </TableCell>
                <TableCell className="min-w-28">
                  <span className="block font-medium text-slate-900">{row.name}</span>
                  <span className="block text-xs text-slate-500">
                    {POSITION_LABELS[row.position]}
                    {/* A phone has no room for the Sales column: the count goes under the name. */}
                    <span className="sm:hidden">
                      {' · '}
                      {t('reports.saleCount', { count: row.count, n: formatCount(row.count) })}
                    </span>
                  </span>
                </TableCell>
                <TableCell numeric className="hidden sm:table-cell">
                  {formatCount(row.count)}
                </TableCell>
                <TableCell numeric className="whitespace-nowrap">
                  {formatPeso(row.tcv)}
                </TableCell>
              </TableRow>
            ))}
          </TableBodyStates>
        </Table>
      </div>
    </CardSection>
  );
}
