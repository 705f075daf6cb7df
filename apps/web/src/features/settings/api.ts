import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddBankRequest, AddCertificationRequest, BankRecord, Certification } from '@ahente/contract/settings';
import { call } from '../../api/client';
import { membersKeys } from '../members';

/** Settings: bank details and certifications (decision 015). */
export const settingsKeys = {
  all: ['settings'] as const,
  banks: (id: number) => ['settings', 'banks', id] as const,
  certifications: (id: number) => ['settings', 'certifications', id] as const,
};

/** The spec's fallback id '000' is never a real member: nothing is asked for it. */
const isRealId = (id: number) => id > 0;

/** GET /api/getuserbanks/{id}: `[]` when nothing is saved, else one record (not for '000'). */
export function useUserBanks(id: number) {
  return useQuery({
    queryKey: settingsKeys.banks(id),
    queryFn: (): Promise<BankRecord[]> => call('getUserBanks', { params: { id } }),
    enabled: isRealId(id),
  });
}

/**
 * POST /api/adduserbanks; the bank details are reloaded afterwards, and the member's history, where
 * an administrator's change is recorded.
 */
export function useAddBankMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddBankRequest) => call('addUserBanks', { body }),
    onSettled: (_data, _error, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.banks(Number(body.id)) }),
        queryClient.invalidateQueries({ queryKey: membersKeys.history(Number(body.id)) }),
      ]),
  });
}

/** POST /api/getcertifications { id }: oldest first ('Certification 1' is the first saved). */
export function useCertifications(id: number) {
  return useQuery({
    queryKey: settingsKeys.certifications(id),
    queryFn: (): Promise<Certification[]> => call('getCertifications', { body: { id } }),
    enabled: isRealId(id),
  });
}

/** POST /api/addcertifications: the saved certification is appended to the member's list. */
export function useAddCertificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCertificationRequest) => call('addCertifications', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<Certification[]>(settingsKeys.certifications(saved.id), (list) =>
        list && !list.some((c) => c.certid === saved.certid) ? [...list, saved] : list,
      );
      return queryClient.invalidateQueries({ queryKey: settingsKeys.certifications(saved.id) });
    },
  });
}
