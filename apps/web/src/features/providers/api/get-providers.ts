import type { Provider, ServiceCategory } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The agency's insurance or investment companies (spec §7 /plans/...). */
export async function fetchProviders(category: ServiceCategory, signal?: AbortSignal): Promise<Provider[]> {
  return (await apiCall('listProviders', { query: { category }, signal, quiet: true })).data;
}

export const providersQueryOptions = (category: ServiceCategory) =>
  queryOptions({
    queryKey: queryKeys.providers.ofCategory(category),
    queryFn: ({ signal }) => fetchProviders(category, signal),
  });

export function useProviders(category: ServiceCategory) {
  return useQuery(providersQueryOptions(category));
}
