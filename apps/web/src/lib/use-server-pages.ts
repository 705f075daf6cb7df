import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { SHOW_MORE_STEP } from './use-show-more';

/** What every page of a list paged on the server carries (decision 036): `count` is the whole filter's. */
interface Page {
  /** Optional on the ledger's answer (present when a limit is sent, as these lists always do). */
  count?: number | undefined;
  next_cursor?: string | null | undefined;
}

/**
 * A long table paged on the server (decision 036): the rows of the pages loaded so far, how many
 * the whole filter has, and 'Show more' loading the next page (a click while one loads does
 * nothing more). `expanded` once more than the first page is loaded. The screens show a failed
 * load or reload as before (the table's error and Try again); a failed next page keeps the rows
 * shown (isFetchNextPageError), and Show more tries it again.
 */
export function useServerPages<P extends Page, R>(
  query: UseInfiniteQueryResult<InfiniteData<P, unknown>, Error>,
  rowsOf: (page: P) => readonly R[],
) {
  const pages = query.data?.pages;
  const rows = useMemo(() => pages?.flatMap(rowsOf), [pages, rowsOf]);
  // The newest page's count: a row added since the first page counts there.
  const count = pages?.at(-1)?.count ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const showMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const loaded = rows?.length ?? 0;
  // Never 'all shown' while the server says another page follows.
  const total = hasNextPage ? Math.max(count, loaded + 1) : loaded;
  return {
    rows,
    /** Every row of the filter, as the server counts them (pages not loaded yet included). */
    total,
    next: Math.min(SHOW_MORE_STEP, Math.max(0, total - loaded)),
    expanded: (pages?.length ?? 0) > 1,
    hasNextPage,
    isFetchingNextPage,
    showMore,
  };
}
