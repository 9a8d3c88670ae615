import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A plan's claims (newest first) and the kinds a new claim on it may be. */
export function fetchPlanClaims(planId: string, signal?: AbortSignal) {
  return apiCall('planClaims', { params: { id: planId }, signal, quiet: true }).then((r) => r.data);
}

export const planClaimsQueryOptions = (planId: string) =>
  queryOptions({
    queryKey: queryKeys.claims.ofPlan(planId),
    queryFn: ({ signal }) => fetchPlanClaims(planId, signal),
  });

export function usePlanClaims(planId: string) {
  return useQuery(planClaimsQueryOptions(planId));
}
