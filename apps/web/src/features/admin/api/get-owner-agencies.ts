import type { OwnerAgency } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The agencies one owner runs, each with every field (spec §2 View). */
export async function fetchOwnerAgencies(ownerId: string, signal?: AbortSignal): Promise<OwnerAgency[]> {
  const answer = await apiCall('ownerAgencies', {
    params: { id: ownerId },
    query: { offset: 0, limit: 100 },
    signal,
    quiet: true,
  });
  return answer.items;
}

export const ownerAgenciesQueryOptions = (ownerId: string) =>
  queryOptions({
    queryKey: queryKeys.owners.agencies(ownerId),
    queryFn: ({ signal }) => fetchOwnerAgencies(ownerId, signal),
  });

export function useOwnerAgencies(ownerId: string) {
  return useQuery({
    ...ownerAgenciesQueryOptions(ownerId),
    meta: { errorToast: 'Failed to fetch client agencies.' },
  });
}
