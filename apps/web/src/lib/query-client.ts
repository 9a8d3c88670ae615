import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { notify } from './toast.ts';

/**
 * What a query's failure says beyond its screen's error state, once its retries are spent: a toast
 * (`errorToast`) and a console line (`errorLog`), where the spec asks for them (§4 admin screens).
 */
interface FailureMeta extends Record<string, unknown> {
  errorToast?: string;
  errorLog?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: FailureMeta;
  }
}

/**
 * Retries a failed read once when the network or the server failed; never a 4xx: the answer would be the
 * same, and the api client already ended the session on 401/403 (spec §8).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * How long an answer a route's loader asked for ahead of its screen (features/client-portal/api/prefetch.ts) stays
 * fresh: the screen that mounts a moment later shows it rather than asking again. Anything opened after that asks
 * again as every other query does (staleTime 0 below).
 */
export const PREFETCHED_FRESH_MS = 5_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorLog) console.error(query.meta.errorLog, error);
        if (query.meta?.errorToast) notify('error', query.meta.errorToast);
      },
    }),
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
