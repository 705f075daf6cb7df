import { Repeat } from 'lucide-react';
import type { RetentionMonth } from '@ahente/contract/portfolio';
import type { ReportScope } from '@ahente/contract/reports';
import { CardSection } from '../../ui/card';
import { Dash } from '../../ui/dash';
import { EmptyState } from '../../ui/empty-state';
import { StatList } from '../../ui/stats';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { FIGURES_TABLE } from './chart-figures';
import { formatCount, formatShare, shortMonthText as monthText } from './report-format';
import { useLanguage } from '../../i18n';
import './i18n';

/** What the card says it covers, by scope. */
const WHOSE = { own: 'reports.retentionOwn', team: 'reports.retentionTeam', agency: 'reports.retentionAgency' } as const satisfies Record<
  ReportScope,
  string
>;

/**
 * Retention (decision 025): per month, the policies of the scope shown that fell due (expired) in
 * it and how many of them were renewed, with the share; over the 12 months too. Newest month first;
 * the months in which nothing fell due are left out (the card says so).
 */
export function RetentionCard({ scope, months, className }: { scope: ReportScope; months: readonly RetentionMonth[]; className?: string }) {
  const due = months.reduce((sum, m) => sum + m.due, 0);
  const renewed = months.reduce((sum, m) => sum + m.renewed, 0);
  // The months something fell due in, newest first: a quiet month adds nothing to read.
  const shown = months.filter((m) => m.due > 0).reverse();
  const { t } = useLanguage();
  return (
    <CardSection title={t('reports.retention')} icon={<Repeat />} description={t(WHOSE[scope])} className={className}>
      {due === 0 ? (
        <EmptyState compact title={t('reports.retentionEmptyTitle')} description={t('reports.retentionEmpty')} />
      ) : (
        <>
          <StatList
            figures={[
              { label: t('reports.retention12'), value: formatShare(renewed, due) },
              { label: t('reports.renewed'), value: t('reports.renewedOf', { renewed: formatCount(renewed), due: formatCount(due) }) },
            ]}
          />
          <p className="mt-2 text-xs text-slate-500">{t('reports.retentionQuietMonths')}</p>
          {/* Edge to edge in the card, as the charts' tables. */}
          <div className="-mx-5 mt-4 -mb-5 overflow-hidden rounded-b-xl border-t border-slate-200">
            <Table caption={t('reports.retentionCaption')} className={FIGURES_TABLE}>
              <TableHead>
                <tr>
                  <TableHeaderCell>{t('reports.month')}</TableHeaderCell>
                  <TableHeaderCell numeric>{t('reports.fellDue')}</TableHeaderCell>
                  <TableHeaderCell numeric>{t('reports.renewed')}</TableHeaderCell>
                  <TableHeaderCell numeric>{t('reports.retention')}</TableHeaderCell>
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
