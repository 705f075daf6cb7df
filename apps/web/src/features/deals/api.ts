import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { DealRecord, DealSavedResponse, EditDealRequest, NewDealRequest } from '@ahente/contract/deals';
import { DEFAULT_PAGE_SIZE } from '@ahente/contract/paging-rules';
import { call } from '../../api/client';

export const dealsKeys = {
  all: ['deals'] as const,
  byAgent: (id: number) => ['deals', id] as const,
  /** The deals table's pages for a From/To range ('' for an open end). */
  pages: (id: number, from: string, to: string) => ['deals', 'pages', id, from, to] as const,
};

/** POST /api/getdeals { id }: the agent's deals (decision 005), newest first. */
export function fetchDeals(id: number): Promise<DealRecord[]> {
  return call('getDeals', { body: { id } });
}

export function useDeals(id: number | null | undefined) {
  return useQuery({
    queryKey: dealsKeys.byAgent(id ?? 0),
    queryFn: () => fetchDeals(id as number),
    enabled: typeof id === 'number',
  });
}

/**
 * POST /api/dealspage (decision 036): the deals table, 100 deals a page in getdeals' order,
 * filtered by effective date on the server, each page with the count and Total TCV of the whole
 * range. One definition for the table and for main.tsx, which starts the first page with the session
 * on a load of the Deals Table (app/first-calls.ts).
 */
export function dealsPagesQuery(id: number, from: string, to: string) {
  return infiniteQueryOptions({
    queryKey: dealsKeys.pages(id, from, to),
    queryFn: ({ pageParam }) =>
      call('dealsPage', { body: { id, from: from || null, to: to || null, limit: DEFAULT_PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/**
 * The deals table's pages. The rows shown stay while another range loads, and while the range
 * cannot be sent (`enabled` false: a To before the From).
 */
export function useDealsPages(id: number | null | undefined, from: string, to: string, enabled = true) {
  return useInfiniteQuery({
    ...dealsPagesQuery(id ?? 0, from, to),
    placeholderData: keepPreviousData,
    enabled: enabled && typeof id === 'number',
  });
}

/**
 * POST /api/adddeals (the contract's new-deal payload) → { success, deal }. With an idempotency
 * key, a resend of the same deal (after a lost answer) creates nothing twice. The screens save
 * through deal-outbox's mutations, which queue a deal recorded with no signal.
 */
export function addDeal(body: NewDealRequest, idempotencyKey?: string): Promise<DealSavedResponse> {
  return call('addDeal', { body }, { idempotencyKey });
}

/** POST /api/editdeals { id, formData: {…, dealid} } → { success, deal }. */
export function editDeal(body: EditDealRequest, idempotencyKey?: string): Promise<DealSavedResponse> {
  return call('editDeal', { body }, { idempotencyKey });
}
