import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortfolioExportRequest, PortfolioRequest, PortfolioResponse } from '@ahente/contract/portfolio';
import { call, downloadFile } from '../../api/client';
import { dealsKeys } from '../deals';

/** The Portfolio's filters as a request (decision 025), in the contract's shape. */
export type PortfolioQuery = Required<Pick<PortfolioRequest, 'id' | 'scope' | 'q' | 'page' | 'pageSize'>> &
  Pick<PortfolioRequest, 'status' | 'due_within_days'>;

export const portfolioKeys = {
  all: ['portfolio'] as const,
  page: (q: PortfolioQuery) => ['portfolio', q.id, q.scope, q.status ?? null, q.due_within_days ?? null, q.q, q.page, q.pageSize] as const,
};

/** The first page of a member's own book, unfiltered: the Portfolio's opening and the dashboard's "Renewals due". */
export const firstPortfolioPage = (id: number): PortfolioQuery => ({ id, scope: 'own', q: '', page: 1, pageSize: 25 });

/**
 * POST /api/portfolio: one page of the member's policies (or a leader's team's, without the
 * clients), their counts per status. The page shown stays while the next one loads. A policy's
 * status moves with the calendar and with sales anyone records, so it is fetched again each time
 * a screen showing it opens.
 */
export function usePortfolio(query: PortfolioQuery, { keepPrevious = true }: { keepPrevious?: boolean } = {}) {
  return useQuery({
    queryKey: portfolioKeys.page(query),
    queryFn: (): Promise<PortfolioResponse> => call('portfolio', { body: query }),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    staleTime: 0,
  });
}

/** POST /api/portfolioexport: every policy the filters find, as portfolio.xlsx. */
export function exportPortfolio(body: PortfolioExportRequest): Promise<string> {
  return downloadFile('portfolioExport', { body }, 'portfolio.xlsx');
}

/**
 * POST /api/startrenewal { sale_id }: the policy's Renewal deal → { deal_id }. A 409 names the
 * deal that already renews it (`deal_id`), or says the policy is not due or lapsed. Either way the
 * deals and the book have changed or were stale: both reload.
 */
export function useStartRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (saleId: number) => call('startRenewal', { body: { sale_id: saleId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dealsKeys.all }),
        queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
      ]),
  });
}
