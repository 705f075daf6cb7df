import { Table2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import { useLanguage } from '../../i18n';
import './i18n';

interface ChartFiguresProps {
  /** What the chart shows, in a sentence: the chart's accessible name (it is an image to assistive technology). */
  summary: string;
  /** What the table holds, read after "Show table" ('of TCV by month'). */
  tableOf: string;
  chart: ReactNode;
  /** The same figures as a table (ui/table, with FIGURES_TABLE), shown on demand. */
  table: ReactNode;
}

/** Narrower cells than a list's, the first and last in line with the card's content. */
export const FIGURES_TABLE =
  '[&_td]:px-3 [&_th]:px-3 [&_td:first-child]:pl-5 [&_th:first-child]:pl-5 [&_td:last-child]:pr-5 [&_th:last-child]:pr-5';

/**
 * A chart and its text equivalent (WCAG 1.1.1): the drawing is one image named by a summary, and
 * "Show table" reveals every figure it draws as a table, for a screen reader or anyone who would
 * rather read the numbers.
 */
export function ChartFigures({ summary, tableOf, chart, table }: ChartFiguresProps) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  const { t } = useLanguage();
  return (
    <>
      <div role="img" aria-label={summary} className="min-w-0">
        {chart}
      </div>
      <div className="mt-3 flex justify-end">
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={tableId} onClick={() => setOpen((o) => !o)}>
          <Table2 aria-hidden="true" />
          {open ? t('reports.hideTable') : t('reports.showTable')}
          <span className="sr-only"> {tableOf}</span>
        </Button>
      </div>
      {/* Edge to edge in the card, so that a phone shows as many columns as it can. */}
      <div id={tableId} hidden={!open} className="-mx-5 mt-2 -mb-5 overflow-hidden rounded-b-xl border-t border-slate-200">
        {open && table}
      </div>
    </>
  );
}
