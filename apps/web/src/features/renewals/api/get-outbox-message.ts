import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One kept e-mail with its text. */
export function fetchOutboxMessage(id: string, signal?: AbortSignal) {
  return apiCall('outboxMessage', { params: { id }, signal, quiet: true }).then((r) => r.data);
}

export const outboxMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.outbox, 'message', id] as const,
    queryFn: ({ signal }) => fetchOutboxMessage(id, signal),
  });

export function useOutboxMessage(id: string) {
  return useQuery(outboxMessageQueryOptions(id));
}
