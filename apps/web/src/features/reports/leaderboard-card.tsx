import { CalendarDays, Trophy, UserRoundPlus } from 'lucide-react';
import { formatPeso } from '@ahente/contract/money';
import { LEADERBOARD_SIZE, RANKED_SELLERS_NOTE, type ReportResponse } from '@ahente/contract/reports';
import type { DateRange } from '../../lib/use-date-range-filter';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { TableBodyStates, type ListQueryState } from '../../ui/table-states';
import { FIGURES_TABLE } from './chart-figures';
import { POSITION_LABELS } from '@ahente/contract/labels';
import { formatCount } from './report-format';

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
  const who = scope === 'team' ? 'Your direct recruits' : 'Every agent';
  const period = range.from || range.to ? 'in this period' : 'yet';
  return (
    <CardSection
      title="Leaderboard"
      icon={<Trophy />}
      description={`${who}, ranked by their own TCV with an effective date in the period (top ${LEADERBOARD_SIZE}). ${RANKED_SELLERS_NOTE}`}
      className={className}
      aria-busy={query.isFetching || undefined}
    >
      <div className="space-y-3 pb-4">
        <DateRangeFilter range={range} fromLabel="From:" toLabel="To:">
          <Button variant="outline" onClick={onThisMonth} disabled={isThisMonth}>
            <CalendarDays aria-hidden="true" />
            This month
          </Button>
        </DateRangeFilter>
      </div>
      {/* Edge to edge in the card, as the charts' tables. */}
      <div className="-mx-5 -mb-5 overflow-hidden rounded-b-xl border-t border-slate-200">
        <Table caption={scope === 'team' ? 'Recruits ranked by TCV' : 'Agents ranked by TCV'} className={FIGURES_TABLE}>
          <TableHead>
            <tr>
              <TableHeaderCell numeric className="w-12">
                #
              </TableHeaderCell>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell numeric className="hidden sm:table-cell">
                Sales
              </TableHeaderCell>
              <TableHeaderCell numeric>TCV</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={query}
            loadingLabel="Loading the leaderboard…"
            skeletonClassName={(column) => (column === 1 ? 'h-4 w-32' : 'h-4 w-12')}
            errorMessage="The leaderboard could not be loaded."
            empty={(rows?.length ?? 0) === 0}
            emptyIcon={<UserRoundPlus />}
            emptyTitle={`No sales ${period}`}
            emptyDescription={
              scope === 'team'
                ? 'Your recruits appear here once they have a counted sale in the period.'
                : 'Agents appear here once they have a counted sale in the period.'
            }
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
                      {formatCount(row.count)} {row.count === 1 ? 'sale' : 'sales'}
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
