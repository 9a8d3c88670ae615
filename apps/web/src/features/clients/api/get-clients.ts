import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ClientsPage {
  offset: number;
  limit: number;
  search?: string;
  after?: string | undefined;
  before?: string | undefined;
  /** A manager's filter (issue 25): one agent's clients, or `none` for nobody's. */
  agent?: string | undefined;
}

/**
 * A page of the agency's clients. `after` / `before` are the cursors of the page shown (issue 8 keyset
 * pagination): the server seeks there instead of skipping `offset` rows, which it then only echoes.
 */
export function fetchClients(page: ClientsPage, signal?: AbortSignal) {
  return apiCall('listPrimaryClients', {
    query: {
      offset: page.offset,
      limit: page.limit,
      search: page.search || undefined,
      after: page.after,
      before: page.before,
      agent: page.agent || undefined,
    },
    signal,
    quiet: true,
  });
}

export const clientsQueryOptions = (page: ClientsPage) =>
  queryOptions({
    queryKey: queryKeys.primaryClients.list(page),
    queryFn: ({ signal }) => fetchClients(page, signal),
  });

/** The page asked for; while it loads, the last page's answer stays as a placeholder (its total keeps the pager). */
export function useClients(page: ClientsPage) {
  return useQuery({ ...clientsQueryOptions(page), placeholderData: keepPreviousData });
}
