import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoreRequestStatus } from '@ahente/contract/estore-rules';
import type { SetStoreRequestRequest, StoreSettingsRequest } from '@ahente/contract/estore';
import { call, callForm } from '../../api/client';

/** The E-Store (issue 48): the agent's store, requests and figures; the agency's catalogue. Every key starts with 'estore'. */
export const estoreKeys = {
  all: ['estore'] as const,
  requests: (id: number, status: string) => ['estore', 'requests', id, status] as const,
  products: ['estore', 'products'] as const,
};

/** POST /api/storerequests: the member's store, its requests and figures (a leader's team's, an admin's agency's). */
export function useStoreRequests(id: number, status: StoreRequestStatus | '') {
  return useQuery({
    queryKey: estoreKeys.requests(id, status),
    queryFn: () => call('storeRequests', { body: { id, ...(status ? { status } : {}) } }),
  });
}

/** POST /api/setstorerequest: a request's new state. */
export function useSetStoreRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SetStoreRequestRequest) => call('setStoreRequest', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: estoreKeys.all }),
  });
}

/** POST /api/storesettings: what the store shows (photo, number). */
export function useStoreSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreSettingsRequest) => call('storeSettings', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: estoreKeys.all }),
  });
}

/** POST /api/storeproducts: the agency's store catalogue (administrators). */
export function useStoreProducts() {
  return useQuery({ queryKey: estoreKeys.products, queryFn: () => call('storeProducts', {}) });
}

/** POST /api/savestoreproduct (multipart): a product added or changed, with its image. */
export function useSaveStoreProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => callForm('saveStoreProduct', form),
    onSuccess: () => qc.invalidateQueries({ queryKey: estoreKeys.all }),
  });
}
