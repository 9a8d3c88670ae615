import type { AgencyDashboard } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The agency's figures, renewals due and recent clients (the workspace home). */
export async function fetchDashboard(signal?: AbortSignal): Promise<AgencyDashboard> {
  return (await apiCall('agencyDashboard', { signal, quiet: true })).data;
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dashboard, queryFn: ({ signal }) => fetchDashboard(signal) });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
