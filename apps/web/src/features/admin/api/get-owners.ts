import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { normalizeClientList } from './normalize.ts';

export interface OwnersPage {
  offset: number;
  limit: number;
  search?: string;
  after?: string | undefined;
  before?: string | undefined;
}

/**
 * A page of owners (the admin's "clients", spec §7). `after` / `before` are the cursors of the page shown (issue 8
 * keyset pagination): the server seeks there instead of skipping `offset` rows, which it then only echoes.
 */
export async function fetchOwners(page: OwnersPage, signal?: AbortSignal) {
  const payload = await apiCall('listOwners', {
    query: {
      offset: page.offset,
      limit: page.limit,
      search: page.search || undefined,
      after: page.after,
      before: page.before,
    },
    signal,
    quiet: true,
  });
  const pagination = (payload as { pagination?: { next_cursor?: unknown; prev_cursor?: unknown } })
    .pagination;
  const cursor = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    ...normalizeClientList(payload),
    nextCursor: cursor(pagination?.next_cursor),
    prevCursor: cursor(pagination?.prev_cursor),
  };
}

export type OwnersAnswer = Awaited<ReturnType<typeof fetchOwners>>;

export const ownersQueryOptions = (page: OwnersPage) =>
  queryOptions({
    queryKey: queryKeys.owners.list(page),
    queryFn: ({ signal }) => fetchOwners(page, signal),
  });

/**
 * A page of owners; while another loads, the last answer stays as a placeholder (its total keeps the pager).
 * `failure` is what a failed load says besides the screen's own error state.
 */
export function useOwners(page: OwnersPage, failure?: { errorToast?: string; errorLog?: string }) {
  return useQuery({ ...ownersQueryOptions(page), placeholderData: keepPreviousData, meta: failure });
}
