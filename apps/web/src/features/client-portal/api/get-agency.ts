import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The client's agency: name, contact, website. */
export function fetchAgency(signal?: AbortSignal) {
  return apiCall('clientAgency', { signal, quiet: true });
}

export const agencyQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.clientArea.agency, queryFn: ({ signal }) => fetchAgency(signal) });

export function useAgency() {
  return useQuery(agencyQueryOptions());
}
