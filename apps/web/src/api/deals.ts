import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealRecord, DealSavedResponse, EditDealRequest, NewDealRequest } from '@ahente/contract/deals';
import { api } from './client';

export const dealsKeys = {
  all: ['deals'] as const,
  byAgent: (id: number) => ['deals', id] as const,
};

/** POST /api/getdeals { id }: the agent's deals (spec §3 Deal), newest first. A body that is not a list is a failure. */
export async function fetchDeals(id: number): Promise<DealRecord[]> {
  const body = await api.post<unknown>('/api/getdeals', { id });
  if (!Array.isArray(body)) throw new Error('Unexpected deals response');
  return (body as DealRecord[]).map((row) => ({
    ...row,
    tcv: Number(row.tcv),
    sold: Boolean(row.sold ?? row.sale_id),
    sale_id: row.sale_id ?? null,
  }));
}

export function useDeals(id: number | null | undefined) {
  return useQuery({
    queryKey: dealsKeys.byAgent(id ?? 0),
    queryFn: () => fetchDeals(id as number),
    enabled: typeof id === 'number',
  });
}

/** Spec §7: editdeals and addsales succeed on a 2xx whose body has success true. */
export function requireSuccess<T extends { success?: unknown }>(body: T | null | undefined, what: string): T {
  if (!body || body.success !== true) throw new Error(`Unexpected ${what} response`);
  return body;
}

/** POST /api/adddeals (the new-deal payload of spec §3) → { success, deal }. */
export async function addDeal(body: NewDealRequest): Promise<DealSavedResponse> {
  return requireSuccess(await api.post<DealSavedResponse>('/api/adddeals', body), 'adddeals');
}

/** POST /api/editdeals { id, formData: {…, dealid} } → { success, deal }. */
export async function editDeal(body: EditDealRequest): Promise<DealSavedResponse> {
  return requireSuccess(await api.post<DealSavedResponse>('/api/editdeals', body), 'editdeals');
}

export function useAddDealMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDeal,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dealsKeys.all });
    },
  });
}

export function useEditDealMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editDeal,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dealsKeys.all });
    },
  });
}
