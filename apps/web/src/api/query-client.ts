import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './client';

/**
 * How long an answer stays on the device for offline use (decision 028): in memory (gcTime) and in
 * the copy saved to IndexedDB (features/offline/query-persistence.tsx).
 */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * One QueryClient for the app. 4xx answers are final (no retry); a 5xx or a network failure gets one retry.
 * With no connection, queries wait (TanStack's network mode 'online') and show what they last had.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A change saved anywhere (a licence, bank details, a TIN, a certification, a photo) may finish
    // one of a new member's first steps (decision 018, features/dashboard/api.ts): the checklist is
    // asked again when the dashboard next shows it, not left as it was for its few seconds of
    // freshness.
    mutationCache: new MutationCache({
      onSuccess: () => client.invalidateQueries({ queryKey: ['setup-checklist'] }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept as long as the saved copy, so a screen left a while ago still has its data offline.
        gcTime: CACHE_MAX_AGE_MS,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status < 500) return false;
          return failureCount < 1;
        },
        refetchOnWindowFocus: false,
      },
      // A change made with no connection fails at once with the network error its form reports,
      // rather than waiting without a word (the deals queue decides for itself: features/deals/deal-outbox.ts).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return client;
}
