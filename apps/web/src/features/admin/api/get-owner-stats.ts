import type { DashboardStats } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The overview's figures: owners in all, active, verified, new this month. */
export function fetchOwnerStats(signal?: AbortSignal): Promise<DashboardStats> {
  return apiCall('ownerStats', { signal, quiet: true });
}

export const ownerStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.owners.stats, queryFn: ({ signal }) => fetchOwnerStats(signal) });

/** `failure` is what a failed load says besides the screen's own error state. */
export function useOwnerStats(failure?: { errorToast?: string; errorLog?: string }) {
  return useQuery({ ...ownerStatsQueryOptions(), meta: failure });
}
