import { useCallback, useMemo, useState } from 'react';
import { inDateRange } from '@ahente/contract/dates';

/** A From/To filter on a calendar date (YYYY-MM-DD, as date inputs give it); either end may be empty. */
export interface DateRange {
  from: string;
  to: string;
  setFrom: (value: string) => void;
  setTo: (value: string) => void;
  /** Whether either end is set. */
  filtered: boolean;
  /** Empties both ends. */
  clear: () => void;
}

/**
 * The rows whose effective date falls in the From/To range (inclusive, either end may be empty),
 * with the range's state for a <DateRangeFilter>. Used by the deals table and the sales screen.
 */
export function useDateRangeFilter<T extends { effective_date: string }>(data: readonly T[] | undefined) {
  const range = useDateRange();
  const { from, to } = range;
  const rows = useMemo(
    () => (data ?? []).filter((row) => inDateRange(row.effective_date, from || undefined, to || undefined)),
    [data, from, to],
  );
  return { range, rows };
}

/** The state of a From/To filter for a <DateRangeFilter>, for a list the server filters (decision 036). */
export function useDateRange(): DateRange {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const clear = useCallback(() => {
    setFrom('');
    setTo('');
  }, []);
  return { from, to, setFrom, setTo, filtered: Boolean(from || to), clear };
}
