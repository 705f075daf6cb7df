import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './client';

/** One QueryClient for the app. 4xx answers are final (no retry); a 5xx or a network failure gets one retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status < 500) return false;
          return failureCount < 1;
        },
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
