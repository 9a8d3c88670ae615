import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { PREFETCHED_FRESH_MS } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The client's profile. The shell's header and the screen under it (the home, the profile) ask at the same
 * moment: they share one query, so one request answers both.
 */
export function fetchProfile(signal?: AbortSignal) {
  return apiCall('clientProfile', { signal, quiet: true });
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.clientArea.profile,
    queryFn: ({ signal }) => fetchProfile(signal),
    // Asked for by the route's loader ahead of the screen (prefetch.ts).
    staleTime: PREFETCHED_FRESH_MS,
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
