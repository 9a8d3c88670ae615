import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { PREFETCHED_FRESH_MS } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// Every client-area call is quiet: the screens show their own loading, empty and error states (spec §8).

/** The client's figures on the home: plans, family, premium, claims. */
export function fetchSummary(signal?: AbortSignal) {
  return apiCall('clientSummary', { signal, quiet: true });
}

export const summaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.clientArea.summary,
    queryFn: ({ signal }) => fetchSummary(signal),
    // Asked for by the route's loader ahead of the screen (prefetch.ts).
    staleTime: PREFETCHED_FRESH_MS,
  });

export function useSummary() {
  return useQuery(summaryQueryOptions());
}
