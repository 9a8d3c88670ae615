import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A plan's reminders and the agency's renewal marks (the plan detail's history). */
export function fetchRenewalHistory(planId: string, signal?: AbortSignal) {
  return apiCall('renewalPlan', { params: { id: planId }, signal, quiet: true }).then((r) => r.data);
}

export const renewalHistoryQueryOptions = (planId: string) =>
  queryOptions({
    queryKey: [...queryKeys.renewals, 'plan', planId] as const,
    queryFn: ({ signal }) => fetchRenewalHistory(planId, signal),
  });

export function useRenewalHistory(planId: string) {
  return useQuery(renewalHistoryQueryOptions(planId));
}
