import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One client with their family, plans and documents (spec §7 primary client detail). */
export async function fetchClient(id: string, signal?: AbortSignal) {
  return (await apiCall('primaryClientDetail', { params: { id }, signal, quiet: true })).data;
}

export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.primaryClients.detail(id), 'record'] as const,
    queryFn: ({ signal }) => fetchClient(id, signal),
  });

export function useClient(id: string) {
  return useQuery(clientQueryOptions(id));
}

/** The client's photo bytes (they need the bearer token). */
export function fetchClientAvatar(id: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob('primaryClientAvatar', { params: { id }, signal, quiet: true });
}

/**
 * After an edit or a portal access change (update-client.ts, set-portal-access.ts): this client's record and the
 * lists that show them (names, contact, portal access) ask again.
 */
export function useClientChanged(id: string) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [
      queryKeys.primaryClients.all,
      queryKeys.primaryClients.name(id),
      queryKeys.families,
      queryKeys.dashboard,
    ])
      void queryClient.invalidateQueries({ queryKey });
  };
}
