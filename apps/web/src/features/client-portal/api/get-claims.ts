import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The client's household's claims, newest first (My Claims). */
export function useClientClaims() {
  return useQuery({
    queryKey: queryKeys.clientArea.claims,
    queryFn: ({ signal }) => apiCall('clientClaims', { signal, quiet: true }),
  });
}

/** One of the household's claims with its timeline (the claim's page). */
export function useClientClaim(id: string) {
  return useQuery({
    queryKey: queryKeys.clientArea.claim(id),
    queryFn: ({ signal }) => apiCall('clientClaimDetail', { params: { id }, signal, quiet: true }),
  });
}
