import type { Provider } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The agency's companies offering one service (spec §7), for a plan's company choice. */
export async function fetchProvidersOfService(serviceId: string, signal?: AbortSignal): Promise<Provider[]> {
  return (await apiCall('providersByService', { params: { serviceId }, signal, quiet: true })).data;
}

// Several plan forms of one service share one request and one answer. The key sits under `providers`, so
// adding, editing or deleting a company (the providers feature) makes every form ask again.
export const providersOfServiceQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: queryKeys.providers.ofService(serviceId),
    queryFn: ({ signal }) => fetchProvidersOfService(serviceId, signal),
  });

export function useProvidersOfService(serviceId: string | undefined) {
  return useQuery({ ...providersOfServiceQueryOptions(serviceId ?? ''), enabled: Boolean(serviceId) });
}
