import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useServerPages } from './use-server-pages';

interface Page {
  rows: number[];
  count?: number;
  next_cursor: string | null;
}

/** A query as TanStack answers it, with the pages loaded so far. */
function query(pages: Page[] | undefined, state: { hasNextPage?: boolean; isFetchingNextPage?: boolean } = {}) {
  const fetchNextPage = vi.fn(async () => undefined);
  const q = {
    data: pages ? { pages, pageParams: pages.map(() => null) } : undefined,
    hasNextPage: state.hasNextPage ?? false,
    isFetchingNextPage: state.isFetchingNextPage ?? false,
    fetchNextPage,
  } as unknown as UseInfiniteQueryResult<InfiniteData<Page, unknown>, Error>;
  return { q, fetchNextPage };
}

const rowsOf = (page: Page) => page.rows;

/** What the hook answers on a render (the server renderer runs a component's hooks once). */
function render(q: UseInfiniteQueryResult<InfiniteData<Page, unknown>, Error>) {
  let result: ReturnType<typeof useServerPages<Page, number>> | undefined;
  const Probe = () => {
    result = useServerPages(q, rowsOf);
    return null;
  };
  renderToString(createElement(Probe));
  return result!;
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('useServerPages', () => {
  it('has no rows before the first page, and nothing to show more of', () => {
    const pages = render(query(undefined).q);
    expect(pages.rows).toBeUndefined();
    expect(pages.total).toBe(0);
    expect(pages.next).toBe(0);
    expect(pages.expanded).toBe(false);
  });

  it("joins the loaded pages' rows, and counts the whole filter as the newest page says", () => {
    const pages = render(
      query(
        [
          { rows: range(0, 100), count: 250, next_cursor: 'a' },
          { rows: range(100, 100), count: 251, next_cursor: 'b' },
        ],
        { hasNextPage: true },
      ).q,
    );
    expect(pages.rows).toEqual(range(0, 200));
    expect(pages.total).toBe(251);
    expect(pages.next).toBe(51);
    expect(pages.expanded).toBe(true);
  });

  it('never says all are shown while the server says another page follows', () => {
    // The count was made before rows were added: at least one more row is announced.
    const pages = render(query([{ rows: range(0, 100), count: 90, next_cursor: 'a' }], { hasNextPage: true }).q);
    expect(pages.total).toBe(101);
    expect(pages.next).toBe(1);
  });

  it('counts what is loaded once the last page is in, whatever the count said', () => {
    const pages = render(query([{ rows: range(0, 30), count: 35, next_cursor: null }]).q);
    expect(pages.total).toBe(30);
    expect(pages.next).toBe(0);
    expect(pages.expanded).toBe(false);
  });

  it('asks for the next page on Show more, only when there is one and none is loading', () => {
    const more = query([{ rows: [1], count: 2, next_cursor: 'a' }], { hasNextPage: true });
    render(more.q).showMore();
    expect(more.fetchNextPage).toHaveBeenCalledOnce();

    const loading = query([{ rows: [1], count: 2, next_cursor: 'a' }], { hasNextPage: true, isFetchingNextPage: true });
    render(loading.q).showMore();
    expect(loading.fetchNextPage).not.toHaveBeenCalled();

    const done = query([{ rows: [1], count: 1, next_cursor: null }]);
    render(done.q).showMore();
    expect(done.fetchNextPage).not.toHaveBeenCalled();
  });
});
