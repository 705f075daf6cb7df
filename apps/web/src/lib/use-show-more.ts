import { useCallback, useState } from 'react';

/**
 * Long lists render in steps: the first `step` rows, then `step` more on request. Totals, filters
 * and exports still cover every row; only the DOM stays light (10,000 table rows take seconds to
 * lay out on a phone).
 */
export function useShowMore<T>(rows: readonly T[], step = 1000) {
  const [limit, setLimit] = useState(step);
  const showMore = useCallback(() => setLimit((current) => current + step), [step]);
  return {
    visible: rows.length > limit ? rows.slice(0, limit) : rows,
    hidden: Math.max(0, rows.length - limit),
    next: Math.min(step, Math.max(0, rows.length - limit)),
    showMore,
  };
}
