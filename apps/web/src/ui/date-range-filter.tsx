import { FilterX } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DateRange } from '../lib/use-date-range-filter';
import { Button } from './button';
import { Field } from './field';
import { Input } from './input';

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
 * one row from `sm` up.
 */
export function DateRangeFilter({ range, fromLabel, toLabel, clearClassName, children }: DateRangeFilterProps) {
  const { from, to, setFrom, setTo } = range;
  return (
    <div className="grid grid-cols-2 items-end gap-3 sm:flex">
      <Field label={fromLabel} className="sm:w-44">
        <Input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
      </Field>
      <Field label={toLabel} className="sm:w-44">
        <Input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
      </Field>
      <Button variant="outline" className={clearClassName} disabled={!range.filtered} onClick={range.clear}>
        <FilterX aria-hidden="true" />
        Clear Filters
      </Button>
      {children}
    </div>
  );
}
