import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The client named by ?primary= when Add Secondary Client is opened from a client's record, or the one chosen
 * there: name, contact and address (for "Same address as …", issue 24 item 10).
 */
export async function fetchPrimaryClientName(id: string, signal?: AbortSignal) {
  const answer = await apiCall('primaryClientDetail', { params: { id }, signal, quiet: true });
  const c = answer.data.client;
  return {
    primary_client_id: c.primary_client_id,
    full_name: c.full_name,
    client_code: c.client_code,
    email: c.email,
    phone: c.phone,
    address: {
      house_number: c.house_number ?? '',
      society: c.society ?? '',
      locality: c.locality ?? '',
      city: c.city ?? '',
      state: c.state ?? '',
      pincode: c.pincode ?? '',
    },
  };
}

export const primaryClientNameQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.primaryClients.name(id),
    queryFn: ({ signal }) => fetchPrimaryClientName(id, signal),
  });

export function usePrimaryClientName(id: string | null) {
  return useQuery({ ...primaryClientNameQueryOptions(id ?? ''), enabled: Boolean(id) });
}
