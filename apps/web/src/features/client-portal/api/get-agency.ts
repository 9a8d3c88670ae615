import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { PREFETCHED_FRESH_MS } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The client's agency: name, contact, website. */
export function fetchAgency(signal?: AbortSignal) {
  return apiCall('clientAgency', { signal, quiet: true });
}

export const agencyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.clientArea.agency,
    queryFn: ({ signal }) => fetchAgency(signal),
    // Asked for by the route's loader ahead of the screen (prefetch.ts).
    staleTime: PREFETCHED_FRESH_MS,
  });

export function useAgency() {
  return useQuery(agencyQueryOptions());
}
