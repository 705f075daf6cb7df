import { useQuery } from '@tanstack/react-query';
import type { SaleRecord } from '@ahente/contract/sales';
import { api } from './client';

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
