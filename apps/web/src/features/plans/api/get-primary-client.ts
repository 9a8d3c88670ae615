import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One client with their family and plans (spec §7 primary client detail). */
export function fetchPrimaryClient(id: string, signal?: AbortSignal) {
  return apiCall('primaryClientDetail', { params: { id }, signal, quiet: true });
}

export const primaryClientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.primaryClients.detail(id),
    queryFn: ({ signal }) => fetchPrimaryClient(id, signal),
  });

export function usePrimaryClient(id: string | null) {
  return useQuery({ ...primaryClientQueryOptions(id ?? ''), enabled: Boolean(id) });
}
