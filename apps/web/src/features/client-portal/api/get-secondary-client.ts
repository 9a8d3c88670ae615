import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One family member's details. */
export function fetchSecondaryClient(id: string, signal?: AbortSignal) {
  return apiCall('clientSecondaryClient', { params: { id }, signal, quiet: true });
}

export const secondaryClientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.clientArea.member(id),
    queryFn: ({ signal }) => fetchSecondaryClient(id, signal),
  });

export function useSecondaryClient(id: string) {
  return useQuery({ ...secondaryClientQueryOptions(id), enabled: Boolean(id) });
}
