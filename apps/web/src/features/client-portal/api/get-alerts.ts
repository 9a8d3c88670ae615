import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { PREFETCHED_FRESH_MS } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ALERTS_FAILED } from '../components/alert-list.tsx';

/** The client's upcoming renewals and maturities. */
export function fetchAlerts(signal?: AbortSignal) {
  return apiCall('clientAlerts', { signal, quiet: true });
}

export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.clientArea.alerts,
    queryFn: ({ signal }) => fetchAlerts(signal),
    // Asked for by the route's loader ahead of the screen (prefetch.ts).
    staleTime: PREFETCHED_FRESH_MS,
    // Spec §8: an alerts failure is told in a notification, besides the card's own error.
    meta: { errorToast: ALERTS_FAILED },
  });

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}
