import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddSaleRequest, SaleRecord, SaleSavedResponse } from '@ahente/contract/sales';
import { api } from './client';
import { dealsKeys, requireSuccess } from './deals';

export const salesKeys = {
  all: ['sales'] as const,
  byAgent: (id: number) => ['sales', id] as const,
};

/** POST /api/getsales { id }: the agent's sales (spec §3 Sale). A body that is not a list is a failure. */
export async function fetchSales(id: number): Promise<SaleRecord[]> {
  const body = await api.post<unknown>('/api/getsales', { id });
  if (!Array.isArray(body)) throw new Error('Unexpected sales response');
  return (body as SaleRecord[]).map((row) => ({ ...row, tcv: Number(row.tcv) }));
}

export function useSales(id: number | null | undefined) {
  return useQuery({
    queryKey: salesKeys.byAgent(id ?? 0),
    queryFn: () => fetchSales(id as number),
    enabled: typeof id === 'number',
  });
}

/** POST /api/addsales { id, formData: {…, dealid} } → { success, sale }; 409 when the deal was already sold. */
export async function addSale(body: AddSaleRequest): Promise<SaleSavedResponse> {
  return requireSuccess(await api.post<SaleSavedResponse>('/api/addsales', body), 'addsales');
}

/**
 * Making a deal into a sale changes both lists (the deal becomes sold) and the dashboard's Sales
 * card; a 409 means the deal list was stale, so it reloads too.
 */
export function useAddSaleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSale,
    // Not awaited: the toast and the modal need not wait for the lists to reload.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: salesKeys.all });
      void queryClient.invalidateQueries({ queryKey: dealsKeys.all });
    },
  });
}
