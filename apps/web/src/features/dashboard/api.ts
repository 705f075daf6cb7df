import { useQuery } from '@tanstack/react-query';
import type { AdminQueues } from '@ahente/contract/admin-queues';
import { call } from '../../api/client';

export const adminQueuesKey = ['admin-queues'] as const;

/**
 * POST /api/adminqueues (decision 021): the work waiting for the administrators, one count per
 * queue, and the set-up list. The dashboard's cards and the Admin Panel's tabs read the same
 * answer; it is asked again on each visit and every minute, so a count follows the work done.
 */
export function useAdminQueues(enabled = true) {
  return useQuery({
    queryKey: adminQueuesKey,
    queryFn: (): Promise<AdminQueues> => call('adminQueues', {}),
    enabled,
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

/**
 * A new member's first steps (decision 018): POST /api/setupchecklist { id }, each item's state
 * decided on the server. Asked again whenever the dashboard opens a few seconds after the last
 * answer: what it reads is saved on other screens (Settings' tabs, the photo dialog, an admin's
 * verification elsewhere). Started before the first render on / (app/first-calls.ts), so that it
 * usually comes with the cards rather than after them.
 */
export const setupChecklistKey = (id: number) => ['setup-checklist', id] as const;

export const setupChecklistQuery = (id: number) => ({
  queryKey: setupChecklistKey(id),
  queryFn: () => call('setupChecklist', { body: { id } }),
  staleTime: 5_000,
});

export function useSetupChecklist(id: number | null | undefined, enabled = true) {
  return useQuery({ ...setupChecklistQuery(id ?? 0), enabled: enabled && typeof id === 'number' });
}
