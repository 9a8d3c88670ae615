import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A plan's follow-ups (newest first), its next follow-up date and, when lost, why. */
export function fetchFollowUps(planId: string, signal?: AbortSignal) {
  return apiCall('planFollowUps', { params: { id: planId }, signal, quiet: true }).then((r) => r.data);
}

export const followUpsQueryKey = (planId: string) => [...queryKeys.renewals, 'follow-ups', planId] as const;

export const followUpsQueryOptions = (planId: string) =>
  queryOptions({
    queryKey: followUpsQueryKey(planId),
    queryFn: ({ signal }) => fetchFollowUps(planId, signal),
  });

export function useFollowUps(planId: string) {
  return useQuery(followUpsQueryOptions(planId));
}
