import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface OutboxPage {
  offset: number;
  limit: number;
}

/** A page of the e-mails kept without a mail server, newest first. */
export function fetchOutbox(page: OutboxPage, signal?: AbortSignal) {
  return apiCall('outboxList', { query: { ...page }, signal, quiet: true }).then((r) => r.data);
}

export const outboxQueryOptions = (page: OutboxPage) =>
  queryOptions({
    queryKey: [...queryKeys.outbox, 'list', page] as const,
    queryFn: ({ signal }) => fetchOutbox(page, signal),
  });

export function useOutbox(page: OutboxPage) {
  return useQuery({ ...outboxQueryOptions(page), placeholderData: keepPreviousData });
}
