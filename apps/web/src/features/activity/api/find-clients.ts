import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** How many matches the client filter offers at once. */
export const CLIENT_MATCHES = 6;

/** Clients matching a search (name, e-mail, phone or code), for the activity log's client filter. */
export function findClients(search: string, signal?: AbortSignal) {
  return apiCall('listPrimaryClients', {
    query: { offset: 0, limit: CLIENT_MATCHES, search },
    signal,
    quiet: true,
  }).then((r) => r.items);
}

export const findClientsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: queryKeys.primaryClients.search(search),
    queryFn: ({ signal }) => findClients(search, signal),
  });

/** Asked only once two letters are typed: one letter matches too much to choose from. */
export function useFindClients(search: string) {
  return useQuery({ ...findClientsQueryOptions(search), enabled: search.length >= 2 });
}
