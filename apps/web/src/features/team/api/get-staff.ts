import type { StaffMember } from '@portal/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The agency's staff: role, invitation or account state, last sign-in, assigned clients (issue 25). */
export async function fetchStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  return (await apiCall('listStaff', { signal, quiet: true })).data;
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.team, queryFn: ({ signal }) => fetchStaff(signal) });

export function useStaff() {
  return useQuery(staffQueryOptions());
}

/** After any change to the team, the list asks again (a member's assigned clients are shown there too). */
export function useTeamChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.team });
}
