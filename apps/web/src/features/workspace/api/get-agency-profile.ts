import type { AgencyProfile } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlob, apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The agency's details, licence, logo and portal address ("Premium Agency"). */
export async function fetchProfile(signal?: AbortSignal): Promise<AgencyProfile> {
  return (await apiCall('agencyProfile', { signal, quiet: true })).data;
}

export const agencyProfileQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.agencyProfile, queryFn: ({ signal }) => fetchProfile(signal) });

export function useAgencyProfile() {
  return useQuery(agencyProfileQueryOptions());
}

/** The logo's bytes (they need the bearer token, so an <img src> cannot load them). */
export function fetchAgencyLogo(signal?: AbortSignal): Promise<Blob> {
  return apiBlob('agencyLogo', { signal, quiet: true });
}
