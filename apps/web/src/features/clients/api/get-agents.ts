import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function fetchAgents(signal?: AbortSignal) {
  return apiCall('listAgents', { signal, quiet: true });
}

export const agentsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.agents, queryFn: ({ signal }) => fetchAgents(signal) });

/** The agency's agents, for the owner and agency admins only (an agent's call would be refused). */
export function useAgents(enabled: boolean) {
  return useQuery({ ...agentsQueryOptions(), enabled });
}
