import { useQuery } from '@tanstack/react-query';
import type { AdminQueues } from '@ahente/contract/admin-queues';
import { call } from './client';

export const adminQueuesKey = ['admin-queues'] as const;

/**
 * POST /api/adminqueues (issue 43 §5): the work waiting for the administrators, one count per
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
