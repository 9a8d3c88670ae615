import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The picker's search over the agency's primary clients (server-side, a few at a time). */
export function searchPrimaryClients(search: string, signal?: AbortSignal) {
  return apiCall('listPrimaryClients', {
    query: { offset: 0, limit: 8, search: search || undefined },
    signal,
    quiet: true,
  });
}

/** Eight at a time, so not under the ten of Add More Plans' search (`primaryClients.search`). */
export const primaryClientPicksQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...queryKeys.primaryClients.all, 'picker', search] as const,
    queryFn: ({ signal }) => searchPrimaryClients(search, signal),
  });

/** The clients matching a search, asked only while the picker's list is open. */
export function usePrimaryClientPicks(search: string, enabled: boolean) {
  return useQuery({ ...primaryClientPicksQueryOptions(search), enabled });
}
