import { Repeat } from 'lucide-react';
import type { RetentionMonth } from '@ahente/contract/portfolio';
import type { ReportScope } from '@ahente/contract/reports';
import { CardSection } from '../../ui/card';
import { Dash } from '../../ui/dash';
import { EmptyState } from '../../ui/empty-state';
import { StatList } from '../../ui/stats';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { FIGURES_TABLE } from './chart-figures';
import { formatCount, formatShare } from './report-format';

const shortMonth = new Intl.DateTimeFormat('en-PH', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** 'YYYY-MM' as 'Nov 2026': short, so that the four columns fit a phone without scrolling. */
const monthText = (month: string) => shortMonth.format(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1)));

const WHOSE: Record<ReportScope, string> = {
  own: 'Your policies',
  team: "Your team's policies",
  agency: "The agency's policies",
};

/**
 * Retention (issue 23): per month, the policies of the scope shown that fell due (expired) in it
 * and how many of them were renewed, with the share; over the 12 months too. Newest month first;
 * the months in which nothing fell due are left out (the card says so).
 */
export function RetentionCard({ scope, months, className }: { scope: ReportScope; months: readonly RetentionMonth[]; className?: string }) {
  const due = months.reduce((sum, m) => sum + m.due, 0);
  const renewed = months.reduce((sum, m) => sum + m.renewed, 0);
  // The months something fell due in, newest first: a quiet month adds nothing to read.
  const shown = months.filter((m) => m.due > 0).reverse();
  return (
    <CardSection
      title="Retention"
      icon={<Repeat />}
      description={`${WHOSE[scope]} that fell due each month (expired), and how many of them were renewed.`}
      className={className}
    >
      {due === 0 ? (
        <EmptyState compact title="No policy fell due in the last 12 months" description="Renewals are counted here as policies expire." />
      ) : (
        <>
          <StatList
            figures={[
              { label: 'Retention, 12 months', value: formatShare(renewed, due) },
              { label: 'Renewed', value: `${formatCount(renewed)} of ${formatCount(due)}` },
            ]}
          />
          <p className="mt-2 text-xs text-slate-500">Months in which no policy fell due are not listed.</p>
          {/* Edge to edge in the card, as the charts' tables. */}
          <div className="-mx-5 mt-4 -mb-5 overflow-hidden rounded-b-xl border-t border-slate-200">
            <Table caption="Retention by month" className={FIGURES_TABLE}>
              <TableHead>
                <tr>
                  <TableHeaderCell>Month</TableHeaderCell>
                  <TableHeaderCell numeric>Fell due</TableHeaderCell>
                  <TableHeaderCell numeric>Renewed</TableHeaderCell>
                  <TableHeaderCell numeric>Retention</TableHeaderCell>
                </tr>
              </TableHead>
              <TableBody>
                {shown.map((m) => (
                  <TableRow key={m.month}>
                    <TableCell className="whitespace-nowrap">{monthText(m.month)}</TableCell>
                    <TableCell numeric>{formatCount(m.due)}</TableCell>
                    <TableCell numeric>{formatCount(m.renewed)}</TableCell>
                    <TableCell numeric>{m.rate === null ? <Dash /> : `${m.rate.toFixed(1)}%`}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}
    </CardSection>
  );
}
