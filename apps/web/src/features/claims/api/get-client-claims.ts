import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A client's household's claims (newest first) and how many there are. */
export function fetchClientClaims(clientId: string, signal?: AbortSignal) {
  return apiCall('primaryClientClaims', { params: { id: clientId }, signal, quiet: true }).then(
    (r) => r.data,
  );
}

export const clientClaimsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.claims.ofClient(clientId),
    queryFn: ({ signal }) => fetchClientClaims(clientId, signal),
  });

export function useClientClaims(clientId: string) {
  return useQuery(clientClaimsQueryOptions(clientId));
}
