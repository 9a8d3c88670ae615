import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * Retries a failed read once when the network or the server failed; never a 4xx: the answer would be the
 * same, and the api client already ended the session on 401/403 (spec §8).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // A screen opened again shows what it showed and asks again; nothing refreshes behind the user's back.
        staleTime: 0,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The signed-in areas' one cache. It is loaded with their shells, never with the sign-in route (issue 2 budget),
 * and emptied on sign-out so the next person on this browser never sees the last one's answers.
 */
export const queryClient = createQueryClient();
