import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkInsurerNameRequest, SaveInsurerRequest, SetInsurerRateRequest } from '@ahente/contract/insurers';
import { call } from '../../api/client';

/**
 * Insurers (decision 037): the names the sale form offers, and the Admin Panel's Insurers tab. Every
 * key starts with 'insurers', so a change reloads the lists and the sale form's names.
 */
export const insurerKeys = {
  all: ['insurers'] as const,
  options: () => ['insurers', 'options'] as const,
  admin: () => ['insurers', 'admin'] as const,
  rates: (id: number) => ['insurers', 'rates', id] as const,
};

/** GET /api/insurers: the active insurers' names, for the sale form's list. */
export function useInsurerOptions() {
  return useQuery({ queryKey: insurerKeys.options(), queryFn: () => call('insurers', {}), staleTime: 5 * 60_000 });
}

/** GET /api/admininsurers: every insurer, and the insurer names of sales that name none. */
export function useAdminInsurers() {
  return useQuery({ queryKey: insurerKeys.admin(), queryFn: () => call('adminInsurers', {}) });
}

/** POST /api/saveinsurer: a new insurer, or an insurer changed; its names link the sales. */
export function useSaveInsurer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveInsurerRequest) => call('saveInsurer', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: insurerKeys.all }),
  });
}

/** POST /api/linkinsurername: an unknown name made an insurer's alias, its sales linked. */
export function useLinkInsurerName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkInsurerNameRequest) => call('linkInsurerName', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: insurerKeys.all }),
  });
}

/** POST /api/insurerrates: an insurer's schedule for the agency. */
export function useInsurerRates(id: number | null) {
  return useQuery({
    queryKey: insurerKeys.rates(id ?? 0),
    queryFn: () => call('insurerRates', { body: { insurer_id: id as number } }),
    enabled: id !== null,
  });
}

/** POST /api/setinsurerrate: a rate from a date (only added to). */
export function useSetInsurerRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetInsurerRateRequest) => call('setInsurerRate', { body }),
    onSettled: (_data, _error, body) => queryClient.invalidateQueries({ queryKey: insurerKeys.rates(Number(body.insurer_id)) }),
  });
}
