import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One plan's details (the plan detail page and the plan detail modal). */
export function fetchPlanDetails(id: string, signal?: AbortSignal) {
  return apiCall('clientPlanDetails', { params: { id }, signal, quiet: true });
}

export const planDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.clientArea.plan(id),
    queryFn: ({ signal }) => fetchPlanDetails(id, signal),
  });

export function usePlanDetails(id: string) {
  return useQuery(planDetailsQueryOptions(id));
}
