import type { Provider } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The agency's insurance companies, for a renewal's new insurer (decision 041). */
export async function fetchInsurers(signal?: AbortSignal): Promise<Provider[]> {
  return (await apiCall('listProviders', { query: { category: 'insurance' }, signal, quiet: true })).data;
}

// The providers feature's key and request: a company added, edited or removed is asked for again, in one cache.
export const insurersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.providers.ofCategory('insurance'),
    queryFn: ({ signal }) => fetchInsurers(signal),
  });

/** Fetched only while the renewal dialog of a policy is open. */
export function useInsurers(enabled: boolean) {
  return useQuery({ ...insurersQueryOptions(), enabled });
}
