import { useCallback, useState } from 'react';

/** Rows a long table renders at first, and then per 'Show more' (decision 013). */
export const SHOW_MORE_STEP = 100;

/**
 * Long lists render in steps: the first `step` rows, then `step` more, or all of them, on request.
 * Totals, filters and exports still cover every row; only the DOM stays light (1,000 table rows
 * take over a second to lay out, a hundred take a tenth of that; decision 013).
 */
export function useShowMore<T>(rows: readonly T[], step = SHOW_MORE_STEP) {
  const [limit, setLimit] = useState(step);
  const showMore = useCallback(() => setLimit((current) => current + step), [step]);
  const showAll = useCallback(() => setLimit(Number.POSITIVE_INFINITY), []);
  return {
    visible: rows.length > limit ? rows.slice(0, limit) : rows,
    hidden: Math.max(0, rows.length - limit),
    next: Math.min(step, Math.max(0, rows.length - limit)),
    /** Whether the user asked for more than the first step. */
    expanded: limit > step,
    showMore,
    showAll,
  };
}
