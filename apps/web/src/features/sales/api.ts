import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@ahente/contract/paging-rules';
import type {
  AddSaleRequest,
  CancelSaleRequest,
  CancelSaleResponse,
  SaleRecord,
  SaleSavedResponse,
  SalesToVerifyResponse,
  VerifySalesRequest,
  VerifySalesResponse,
} from '@ahente/contract/sales';
import { call } from '../../api/client';
import { commissionKeys } from '../commissions';
import { dealsKeys } from '../deals';
import { licenceKeys } from '../licences';
import { portfolioKeys } from '../portfolio';
import { reportsKeys } from '../reports';

/** The Sales to verify filters as the screen holds them: '' for no filter. */
export interface SalesToVerifyFilter {
  insurer: string;
  product: string;
  agent: string;
  from: string;
  to: string;
}

export const salesKeys = {
  all: ['sales'] as const,
  byAgent: (id: number) => ['sales', id] as const,
  /** The sales table's pages for a From/To range ('' for an open end). */
  pages: (id: number, from: string, to: string) => ['sales', 'pages', id, from, to] as const,
  toVerify: (f: SalesToVerifyFilter) => ['sales', 'to-verify', f.insurer, f.product, f.agent, f.from, f.to] as const,
};

/** POST /api/getsales { id }: the agent's sales. */
export function fetchSales(id: number): Promise<SaleRecord[]> {
  return call('getSales', { body: { id } });
}

export function useSales(id: number | null | undefined) {
  return useQuery({
    queryKey: salesKeys.byAgent(id ?? 0),
    queryFn: () => fetchSales(id as number),
    enabled: typeof id === 'number',
  });
}

/**
 * POST /api/salespage (decision 036): the sales table, 100 sales a page in getsales' order,
 * filtered by effective date on the server, each page with the count and totals of the whole range.
 * The rows shown stay while another range loads, and while the range cannot be sent (`enabled`
 * false: a To before the From).
 */
export function useSalesPages(id: number | null | undefined, from: string, to: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: salesKeys.pages(id ?? 0, from, to),
    queryFn: ({ pageParam }) =>
      call('salesPage', { body: { id: id as number, from: from || null, to: to || null, limit: DEFAULT_PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
    enabled: enabled && typeof id === 'number',
  });
}

/** POST /api/addsales { id, formData: {…, dealid} } → { success, sale }; 409 when the deal was already sold. */
export function addSale(body: AddSaleRequest): Promise<SaleSavedResponse> {
  return call('addSale', { body });
}

/**
 * Making a deal into a sale changes both lists (the deal becomes sold), the dashboard's Sales and
 * Active Proposals cards and the commissions it earns (the agent's and the leaders'); a 409 means
 * the deal list was stale, so it reloads too.
 */
export function useAddSaleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSale,
    // Not awaited: the toast and the modal need not wait for the lists to reload.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: salesKeys.all });
      void queryClient.invalidateQueries({ queryKey: dealsKeys.all });
      void queryClient.invalidateQueries({ queryKey: commissionKeys.all });
      // A renewal's sale renews the policy it was made for (decision 025).
      void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
      // A sale of a new line may bring the dashboard's licence reminder.
      void queryClient.invalidateQueries({ queryKey: licenceKeys.allAlerts });
    },
  });
}

// ---------------------------------------------------------------- verification (admins)

/**
 * POST /api/salestoverify: unverified sales across the agency, largest TCV first, filtered on the
 * server. The rows shown stay while another filter loads, and while the filter cannot be sent
 * (`enabled` false: a To before the From).
 */
export function useSalesToVerify(filter: SalesToVerifyFilter, enabled = true) {
  return useQuery({
    queryKey: salesKeys.toVerify(filter),
    queryFn: (): Promise<SalesToVerifyResponse> =>
      call('salesToVerify', {
        body: {
          insurer: filter.insurer || null,
          product: filter.product || null,
          agent: filter.agent.trim() || null,
          from: filter.from || null,
          to: filter.to || null,
        },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * POST /api/verifysales { sale_ids, decision, reason? }: all or nothing (409 names the sales already
 * decided). Either way the list to verify, the agents' sales (a rejected sale's deal may be sold
 * again), their commissions and the Compliance page may have changed: all of them reload.
 */
export function useVerifySales() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifySalesRequest): Promise<VerifySalesResponse> => call('verifySales', { body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: salesKeys.all }),
        queryClient.invalidateQueries({ queryKey: dealsKeys.all }),
        queryClient.invalidateQueries({ queryKey: commissionKeys.all }),
        queryClient.invalidateQueries({ queryKey: licenceKeys.all }),
      ]),
  });
}

// ---------------------------------------------------------------- cancellation (admins)

/**
 * POST /api/cancelsale { sale_id, cancelled_on, reason, refund? } (decision 019): the sale stays
 * listed as Cancelled and each of its commission entries gets a reversal. A 409 (cancelled already,
 * or rejected) or a 400 names the reason. Either way the sales, the commissions (ledgers, totals,
 * months, statements) and the reports may have changed: all of them reload.
 */
export function useCancelSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelSaleRequest): Promise<CancelSaleResponse> => call('cancelSale', { body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: salesKeys.all }),
        queryClient.invalidateQueries({ queryKey: commissionKeys.all }),
        queryClient.invalidateQueries({ queryKey: reportsKeys.all }),
      ]),
  });
}
