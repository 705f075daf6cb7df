import { FileSpreadsheet, Landmark } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { todayInManila } from '@ahente/contract/dates';
import { formatPeso, sumPesos } from '@ahente/contract/money';
import type { AgencyRevenueRow } from '@ahente/contract/reconciliation';
import { serverReason } from '../../api/client';
import { formatMonth } from '../../lib/dates';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { toast } from '../../ui/toast';
import { agencyRevenuePeriod, downloadAgencyRevenue, useAgencyRevenue } from './api';
import { FIGURES_TABLE } from './chart-figures';
import { CHART, formatPesoCompact, monthTick } from './report-format';

const tick = { fontSize: 12, fill: CHART.axis };
const PAID = '#64748b';

interface MonthFigures {
  month: string;
  received: number;
  paid_to_agents: number;
  margin: number;
}

/** The insurers' rows of a month added up: the chart draws the agency's months, the table keeps each insurer. */
function byMonth(rows: readonly AgencyRevenueRow[]): MonthFigures[] {
  const months = new Map<string, AgencyRevenueRow[]>();
  for (const r of rows) months.set(r.month, [...(months.get(r.month) ?? []), r]);
  return [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, list]) => ({
      month,
      received: sumPesos(list.map((r) => r.received)),
      paid_to_agents: sumPesos(list.map((r) => r.paid_to_agents)),
      margin: sumPesos(list.map((r) => r.margin)),
    }));
}

/**
 * Reports → Agency revenue, for administrators (issue 45 §5): over the last 12 statement months,
 * what the insurers' statements paid the agency, what the agency owes its agents on those sales and
 * the margin between them (a chart by month, and a table by insurer and month), with an .xlsx.
 */
export function AgencyRevenueCard({ className }: { className?: string }) {
  const period = useMemo(() => agencyRevenuePeriod(todayInManila()), []);
  const query = useAgencyRevenue(period, true);
  const [exporting, setExporting] = useState(false);
  const rows = useMemo(() => query.data?.rows ?? [], [query.data]);
  const months = useMemo(() => byMonth(rows), [rows]);
  const totals = query.data?.totals;

  const onExport = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      await downloadAgencyRevenue(period);
      toast.success('File Downloaded');
    } catch (error) {
      toast.error(serverReason(error) ?? 'Download failed');
    } finally {
      setExporting(false);
    }
  };

  return (
    <CardSection
      title="Agency revenue"
      icon={<Landmark />}
      description="From the insurers' statements, last 12 months: received, paid to agents on the sales paid, and the agency's margin."
      className={className}
      actions={
        <Button variant="outline" size="sm" onClick={() => void onExport()} loading={exporting} disabled={rows.length === 0}>
          {!exporting && <FileSpreadsheet aria-hidden="true" />}
          Download .xlsx
        </Button>
      }
    >
      {query.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : query.isError ? (
        <p className="text-sm text-red-700">{serverReason(query.error) ?? 'The agency revenue could not be loaded.'}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">
          No insurer statement imported for these months yet: import them in Admin Panel → Statements.
        </p>
      ) : (
        <>
          {totals && (
            <dl className="mb-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              {(
                [
                  ['Expected', totals.expected],
                  ['Received', totals.received],
                  ['Paid to agents', totals.paid_to_agents],
                  ['Margin', totals.margin],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
                  <dt className="text-xs text-slate-600">{label}</dt>
                  <dd className={cn('font-semibold whitespace-nowrap tabular-nums', value < 0 ? 'text-red-700' : 'text-slate-900')}>
                    {formatPeso(value)}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          <div
            role="img"
            className="min-w-0"
            aria-label={`Agency revenue over ${months.length} statement months: ${formatPeso(totals?.received ?? 0)} received, ${formatPeso(totals?.paid_to_agents ?? 0)} paid to agents, ${formatPeso(totals?.margin ?? 0)} margin.`}
          >
            <>
              <ul aria-hidden="true" className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
                <li className="flex items-center gap-1.5">
                  <span className="size-3 rounded-sm" style={{ background: CHART.tcv }} />
                  Received
                </li>
                <li className="flex items-center gap-1.5">
                  <span className="size-3 rounded-sm" style={{ background: PAID }} />
                  Paid to agents
                </li>
                <li className="flex items-center gap-1.5">
                  <span className="h-0.5 w-4 rounded-full" style={{ background: CHART.count }} />
                  Margin
                </li>
              </ul>
              <ComposedChart
                data={months}
                responsive
                style={{ width: '100%', height: 240 }}
                margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
                accessibilityLayer={false}
              >
                <CartesianGrid vertical={false} stroke={CHART.grid} />
                <XAxis dataKey="month" tickFormatter={monthTick} tick={tick} tickLine={false} axisLine={{ stroke: CHART.grid }} />
                <YAxis tickFormatter={formatPesoCompact} tick={tick} tickLine={false} axisLine={false} width={56} />
                <Tooltip
                  formatter={(value) => formatPeso(Number(value))}
                  labelFormatter={(m) => formatMonth(String(m))}
                  isAnimationActive={false}
                />
                <Bar dataKey="received" name="Received" fill={CHART.tcv} radius={[4, 4, 0, 0]} maxBarSize={32} isAnimationActive={false} />
                <Bar
                  dataKey="paid_to_agents"
                  name="Paid to agents"
                  fill={PAID}
                  radius={[4, 4, 0, 0]}
                  maxBarSize={32}
                  isAnimationActive={false}
                />
                <Line
                  dataKey="margin"
                  name="Margin"
                  stroke={CHART.count}
                  strokeWidth={2}
                  dot={{ r: 3, fill: CHART.count }}
                  isAnimationActive={false}
                />
              </ComposedChart>
            </>
          </div>
          <div className="-mx-5 mt-4 -mb-5 overflow-hidden rounded-b-xl border-t border-slate-200">
            <Table caption="Agency revenue by insurer and month" className={FIGURES_TABLE}>
              <TableHead>
                <tr>
                  <TableHeaderCell>Month</TableHeaderCell>
                  <TableHeaderCell>Insurer</TableHeaderCell>
                  <TableHeaderCell numeric>Expected</TableHeaderCell>
                  <TableHeaderCell numeric>Received</TableHeaderCell>
                  <TableHeaderCell numeric>Paid to agents</TableHeaderCell>
                  <TableHeaderCell numeric>Margin</TableHeaderCell>
                </tr>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={`${r.month}-${r.insurer_id}`}>
                    <TableCell className="whitespace-nowrap">{formatMonth(r.month)}</TableCell>
                    <TableCell>{r.insurer_name}</TableCell>
                    <TableCell numeric>{formatPeso(r.expected)}</TableCell>
                    <TableCell numeric>{formatPeso(r.received)}</TableCell>
                    <TableCell numeric>{formatPeso(r.paid_to_agents)}</TableCell>
                    <TableCell numeric className={r.margin < 0 ? 'text-red-700' : undefined}>
                      {formatPeso(r.margin)}
                    </TableCell>
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
