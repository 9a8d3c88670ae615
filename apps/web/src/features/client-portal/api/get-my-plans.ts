import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The client's own plans and their family's. */
export function fetchMyPlans(signal?: AbortSignal) {
  return apiCall('clientPlans', { signal, quiet: true });
}

export const myPlansQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.clientArea.plans,
    queryFn: ({ signal }) => fetchMyPlans(signal),
    // Spec §8: a plan list failure is logged; the screen also offers a retry.
    meta: { errorLog: 'My plans failed to load' },
  });

export function useMyPlans() {
  return useQuery(myPlansQueryOptions());
}
