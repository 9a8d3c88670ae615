import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The signed-in user's second factor: on or off, required (the admin), recovery codes left. */
export function fetchSecondFactor(signal?: AbortSignal) {
  return apiCall('secondFactorStatus', { signal, quiet: true });
}

export const secondFactorQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.secondFactor, queryFn: ({ signal }) => fetchSecondFactor(signal) });

export function useSecondFactor() {
  return useQuery(secondFactorQueryOptions());
}
