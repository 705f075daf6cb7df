import { Cell, Pie, PieChart } from 'recharts';
import { labelOf, productLabel } from '@ahente/contract/labels';
import { formatPeso } from '@ahente/contract/money';
import type { ReportProduct } from '@ahente/contract/reports';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { ChartFigures, FIGURES_TABLE } from './chart-figures';
import { formatCount, formatShare } from './report-format';
import { useLanguage } from '../../i18n';
import './i18n';

/** How many products get a slice of their own; the rest share one ('Other products'). */
const SLICES = 5;
/**
 * Slice colours: Tailwind's teal-700, sky-700, amber-600, violet-600, rose-600 and slate-500, each
 * at least 3:1 against white (WCAG 1.4.11). The legend beside the ring names each slice with its
 * figures, so colour is never the only way to tell them apart.
 */
const COLOURS = ['#0f766e', '#0369a1', '#d97706', '#7c3aed', '#e11d48', '#64748b'] as const;

interface Slice {
  name: string;
  tcv: number;
  count: number;
  colour: string;
}

function slicesOf(products: readonly ReportProduct[], other: (n: number) => string): Slice[] {
  const top: Slice[] = products
    .slice(0, SLICES)
    .map((p, i) => ({ name: productLabel(p.product), tcv: p.tcv, count: p.count, colour: COLOURS[i]! }));
  const rest = products.slice(SLICES);
  if (rest.length === 0) return top;
  // Pesos summed in centavos: 0.1 + 0.2 is 0.30.
  const tcv = rest.reduce((acc, p) => acc + Math.round(p.tcv * 100), 0) / 100;
  const count = rest.reduce((acc, p) => acc + p.count, 0);
  return [...top, { name: other(rest.length), tcv, count, colour: COLOURS[SLICES]! }];
}

/**
 * The product mix over the last 12 months: a ring of the largest products by TCV and a legend that
 * names each slice with its share and TCV; every product is in the table.
 */
export function ProductMixChart({ products, totalTcv }: { products: readonly ReportProduct[]; totalTcv: number }) {
  const { t } = useLanguage();
  const slices = slicesOf(products, (n) => t('reports.otherProducts', { n: formatCount(n) }));
  const summary = t('reports.mixSummary', { slices: slices.map((s) => `${s.name} ${formatShare(s.tcv, totalTcv)}`).join(', ') });
  return (
    <ChartFigures
      summary={summary}
      tableOf={t('reports.mixTableOf')}
      chart={
        // Ring and legend side by side when the card is wide enough for both (a container query), else stacked.
        <div className="@container">
          <div className="flex flex-col items-center gap-4 @md:flex-row">
            <PieChart width={176} height={176} accessibilityLayer={false} className="shrink-0">
              <Pie
                data={slices}
                dataKey="tcv"
                nameKey="name"
                innerRadius={52}
                outerRadius={86}
                paddingAngle={slices.length > 1 ? 1 : 0}
                stroke="#fff"
                strokeWidth={2}
                isAnimationActive={false}
              >
                {slices.map((s) => (
                  <Cell key={s.name} fill={s.colour} />
                ))}
              </Pie>
            </PieChart>
            <ul className="w-full min-w-0 space-y-2 text-sm">
              {slices.map((s) => (
                <li key={s.name} className="flex items-start gap-2">
                  <span className="mt-1 size-3 shrink-0 rounded-sm" style={{ backgroundColor: s.colour }} />
                  <span className="min-w-0 flex-1 [overflow-wrap:anywhere] text-slate-700">{s.name}</span>
                  <span className="shrink-0 text-right text-slate-900 tabular-nums">
                    {formatPeso(s.tcv)}
                    <span className="block text-xs text-slate-500">{formatShare(s.tcv, totalTcv)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      }
      table={
        <Table caption={t('reports.mixCaption')} className={FIGURES_TABLE}>
          <TableHead>
            <tr>
              <TableHeaderCell>{t('reports.product')}</TableHeaderCell>
              <TableHeaderCell>{t('reports.category')}</TableHeaderCell>
              <TableHeaderCell numeric>{t('reports.sales')}</TableHeaderCell>
              <TableHeaderCell numeric>{t('reports.tcv')}</TableHeaderCell>
              <TableHeaderCell numeric>{t('reports.share')}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {products.map((p) => (
              <TableRow key={p.product}>
                <TableCell className="min-w-28">{productLabel(p.product)}</TableCell>
                <TableCell>{p.category !== null ? labelOf('productCategory', p.category) : '—'}</TableCell>
                <TableCell numeric>{formatCount(p.count)}</TableCell>
                <TableCell numeric className="whitespace-nowrap">
                  {formatPeso(p.tcv)}
                </TableCell>
                <TableCell numeric>{formatShare(p.tcv, totalTcv)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    />
  );
}
