import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The first ten clients matching a search on the server (spec §7 list of primary clients). */
export function searchPrimaryClients(search: string, signal?: AbortSignal) {
  return apiCall('listPrimaryClients', {
    query: { offset: 0, limit: 10, search: search.trim() || undefined },
    signal,
    quiet: true,
  });
}

export const primaryClientSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: queryKeys.primaryClients.search(search.trim()),
    queryFn: ({ signal }) => searchPrimaryClients(search, signal),
  });

export function usePrimaryClientSearch(search: string) {
  return useQuery(primaryClientSearchQueryOptions(search));
}
