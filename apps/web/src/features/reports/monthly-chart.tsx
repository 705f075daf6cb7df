import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { formatPeso } from '@ahente/contract/money';
import type { ReportMonth } from '@ahente/contract/reports';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { ChartFigures, FIGURES_TABLE } from './chart-figures';
import { formatMonth } from '../../lib/dates';
import { useLanguage } from '../../i18n';
import './i18n';
import { CHART, formatCount, formatPesoCompact, monthTick } from './report-format';

const tick = { fontSize: 12, fill: CHART.axis };

/** What the chart says in a sentence: its accessible name. */
function summaryOf(months: readonly ReportMonth[], t: ReturnType<typeof useLanguage>['t']): string {
  const best = months.reduce((a, b) => (b.tcv > a.tcv ? b : a), months[0]!);
  return t('reports.monthlySummary', {
    months: months.length,
    month: formatMonth(best.month),
    tcv: formatPeso(best.tcv),
    sales: t('reports.saleCount', { count: best.count, n: formatCount(best.count) }),
  });
}

function MonthTooltip({ active, payload }: TooltipContentProps) {
  const { t } = useLanguage();
  const row = active ? (payload?.[0]?.payload as ReportMonth | undefined) : undefined;
  if (!row) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-md">
      <p className="font-medium text-slate-900">{formatMonth(row.month)}</p>
      <p className="text-slate-700 tabular-nums">TCV {formatPeso(row.tcv)}</p>
      <p className="text-slate-700 tabular-nums">{t('reports.saleCount', { count: row.count, n: formatCount(row.count) })}</p>
    </div>
  );
}

/**
 * TCV by month (bars, left axis) and the number of sales (a line, right axis), as wide as its card
 * (recharts' `responsive`: the SVG follows the container's size). A legend names both in words.
 */
export function MonthlyChart({ months }: { months: readonly ReportMonth[] }) {
  const { t } = useLanguage();
  return (
    <ChartFigures
      summary={summaryOf(months, t)}
      tableOf={t('reports.monthlyTableOf')}
      chart={
        <>
          <ul aria-hidden="true" className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
            <li className="flex items-center gap-1.5">
              <span className="size-3 rounded-sm bg-brand-600" />
              {t('reports.tcvLeftScale')}
            </li>
            <li className="flex items-center gap-1.5">
              <span className="h-0.5 w-4 rounded-full bg-amber-700" />
              {t('reports.salesRightScale')}
            </li>
          </ul>
          <ComposedChart
            data={months as ReportMonth[]}
            responsive
            style={{ width: '100%', height: 260 }}
            margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke={CHART.grid} />
            <XAxis
              dataKey="month"
              tickFormatter={monthTick}
              tick={tick}
              tickLine={false}
              axisLine={{ stroke: CHART.grid }}
              minTickGap={4}
            />
            <YAxis yAxisId="tcv" tickFormatter={formatPesoCompact} tick={tick} tickLine={false} axisLine={false} width={56} />
            <YAxis yAxisId="count" orientation="right" allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={32} />
            <Tooltip
              content={(props) => <MonthTooltip {...props} />}
              cursor={{ fill: 'rgb(148 163 184 / 0.15)' }}
              isAnimationActive={false}
            />
            <Bar yAxisId="tcv" dataKey="tcv" name="TCV" fill={CHART.tcv} radius={[4, 4, 0, 0]} maxBarSize={40} isAnimationActive={false} />
            <Line
              yAxisId="count"
              dataKey="count"
              name="Sales"
              type="linear"
              stroke={CHART.count}
              strokeWidth={2}
              dot={{ r: 3, fill: CHART.count }}
              isAnimationActive={false}
            />
          </ComposedChart>
        </>
      }
      table={
        <Table caption={t('reports.monthlyCaption')} className={FIGURES_TABLE}>
          <TableHead>
            <tr>
              <TableHeaderCell>{t('reports.month')}</TableHeaderCell>
              <TableHeaderCell numeric>{t('reports.sales')}</TableHeaderCell>
              <TableHeaderCell numeric>{t('reports.tcv')}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {months.map((m) => (
              <TableRow key={m.month}>
                <TableCell className="whitespace-nowrap">{formatMonth(m.month)}</TableCell>
                <TableCell numeric>{formatCount(m.count)}</TableCell>
                <TableCell numeric className="whitespace-nowrap">
                  {formatPeso(m.tcv)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    />
  );
}
