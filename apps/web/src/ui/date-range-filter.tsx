import { FilterX } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { DateRange } from '../lib/use-date-range-filter';
import { Button } from './button';
import { Field } from './field';
import { Input } from './input';
import { useLanguage } from '../i18n';

interface DateRangeFilterProps {
  range: DateRange;
  /** The From field's label as the screen words it ('From', 'From:'); it is the input's accessible name. */
  fromLabel: string;
  /** The To field's label ('To', 'To:'). */
  toLabel: string;
  /** Extra classes for the Clear Filters button (e.g. its span in the phone grid). */
  clearClassName?: string;
  /** More actions after Clear Filters (e.g. Export To Excel). */
  children?: ReactNode;
}

/**
 * From and To date inputs (each bounding the other) and Clear Filters, two columns on a phone and
 * one row from `sm` up, which wraps in a narrow card rather than overflow it (decision 024). A To
 * before the From (typed, or From moved past it) marks To invalid and says so under the row in the
 * words every From/To filter uses (MSG.dateRangeReversed).
 */
export function DateRangeFilter({ range, fromLabel, toLabel, clearClassName, children }: DateRangeFilterProps) {
  const { from, to, setFrom, setTo } = range;
  const reversed = isReversedRange(from, to);
  const errorId = useId();
  const { t } = useLanguage();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <Field label={fromLabel} className="sm:w-44">
          <Input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field label={toLabel} className="sm:w-44" invalid={reversed}>
          <Input
            type="date"
            value={to}
            min={from || undefined}
            aria-describedby={reversed ? errorId : undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </Field>
        <Button variant="outline" className={clearClassName} disabled={!range.filtered} onClick={range.clear}>
          <FilterX aria-hidden="true" />
          {t('common.clearFilters')}
        </Button>
        {children}
      </div>
      <RangeError id={errorId} reversed={reversed} />
    </div>
  );
}

/** Whether both ends are set and To is before From (calendar dates, YYYY-MM-DD). */
export function isReversedRange(from: string, to: string): boolean {
  return Boolean(from && to && from > to);
}

/** Under a From/To row: 'To must not be before From' while the range is reversed, announced as it appears. */
export function RangeError({ id, reversed }: { id: string; reversed: boolean }) {
  const { t } = useLanguage();
  return reversed ? (
    <p id={id} role="alert" className="text-xs font-medium text-red-700">
      {t('common.rangeReversed')}
    </p>
  ) : null;
}
