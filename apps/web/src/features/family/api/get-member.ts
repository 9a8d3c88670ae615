import type { SecondaryClient } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A family member with their documents and plans (spec §7 secondary client detail). */
export async function fetchMember(id: string, signal?: AbortSignal): Promise<SecondaryClient> {
  return (await apiCall('secondaryClientDetail', { params: { id }, signal, quiet: true })).data;
}

export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.secondaryClients.detail(id),
    queryFn: ({ signal }) => fetchMember(id, signal),
  });

export function useMember(id: string) {
  return useQuery({ ...memberQueryOptions(id), enabled: Boolean(id) });
}
