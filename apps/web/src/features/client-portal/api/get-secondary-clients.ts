import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The client's family members. */
export function fetchSecondaryClients(signal?: AbortSignal) {
  return apiCall('clientSecondaryClients', { signal, quiet: true });
}

export const secondaryClientsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.clientArea.members,
    queryFn: ({ signal }) => fetchSecondaryClients(signal),
  });

export function useSecondaryClients() {
  return useQuery(secondaryClientsQueryOptions());
}
