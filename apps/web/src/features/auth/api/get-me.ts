import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The signed-in user: name, agency, verification, whether the password must be replaced (spec §7 /me). */
export function fetchMe(signal?: AbortSignal) {
  return apiCall('me', { signal, quiet: true });
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.me, queryFn: ({ signal }) => fetchMe(signal) });

export function useMe() {
  return useQuery(meQueryOptions());
}
