import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The workspace's plan detail (issue 5 item 6). Screens show their own errors, so every call is quiet.

export async function fetchPlan(id: string, signal?: AbortSignal) {
  return (await apiCall('planDetails', { params: { id }, signal, quiet: true })).data;
}

export const planQueryKey = (id: string) => [...queryKeys.plans, 'detail', id] as const;

/** Every query but this plan's own detail and PDF (`[...plans, 'detail' | 'document', id]`). */
export const notThisPlan =
  (id: string) =>
  (query: { queryKey: readonly unknown[] }): boolean =>
    !(query.queryKey[0] === queryKeys.plans[0] && query.queryKey[2] === id);

export const planQueryOptions = (id: string) =>
  queryOptions({ queryKey: planQueryKey(id), queryFn: ({ signal }) => fetchPlan(id, signal) });

export function usePlan(id: string) {
  return useQuery(planQueryOptions(id));
}
