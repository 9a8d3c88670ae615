import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// A plan's premium dues and the premiums paid (issue 27). The card shows its own errors, so the call is quiet.

export async function fetchPlanPremiums(id: string, signal?: AbortSignal) {
  return (await apiCall('planPremiums', { params: { id }, signal, quiet: true })).data;
}

export const planPremiumsQueryKey = (id: string) => [...queryKeys.plans, 'premiums', id] as const;

export const planPremiumsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: planPremiumsQueryKey(id),
    queryFn: ({ signal }) => fetchPlanPremiums(id, signal),
  });

export function usePlanPremiums(id: string) {
  return useQuery(planPremiumsQueryOptions(id));
}
