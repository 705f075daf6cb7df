import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@ahente/contract/routes';
import type { AddSaleRequest, SaleRecord, SaleSavedResponse } from '@ahente/contract/sales';
import { call } from './client';
import { commissionKeys } from './commissions';
import { dealsKeys } from './deals';

export const salesKeys = {
  all: ['sales'] as const,
  byAgent: (id: number) => ['sales', id] as const,
};

/** POST /api/getsales { id }: the agent's sales (spec §3 Sale). */
export function fetchSales(id: number): Promise<SaleRecord[]> {
  return call(routes.getSales, { body: { id } });
}

export function useSales(id: number | null | undefined) {
  return useQuery({
    queryKey: salesKeys.byAgent(id ?? 0),
    queryFn: () => fetchSales(id as number),
    enabled: typeof id === 'number',
  });
}

/** POST /api/addsales { id, formData: {…, dealid} } → { success, sale }; 409 when the deal was already sold. */
export function addSale(body: AddSaleRequest): Promise<SaleSavedResponse> {
  return call(routes.addSale, { body });
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
    },
  });
}
