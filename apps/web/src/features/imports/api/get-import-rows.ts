import type { ImportRowsQuery } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Which rows to list: all, or one outcome (`problems`: errors and duplicates). */
export type RowsFilter = NonNullable<ImportRowsQuery['outcome']> | 'all';

/** The rows a page holds: enough to read through, few enough for a phone. */
export const ROWS_PAGE = 50;

/** A page of the dry run's (or the commit's) answer per row, in the file's order, from `after`. */
export function fetchImportRows(
  id: string,
  filter: RowsFilter,
  after: string | undefined,
  signal?: AbortSignal,
) {
  return apiCall('importRows', {
    params: { id },
    query: { outcome: filter === 'all' ? undefined : filter, after, limit: ROWS_PAGE },
    signal,
    quiet: true,
  });
}

export const importRowsQueryOptions = (id: string, filter: RowsFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.imports.rows(id, { filter }),
    queryFn: ({ pageParam, signal }) => fetchImportRows(id, filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** The rows shown so far and "Show more", which asks for the page after the last one's `next`. */
export function useImportRows(id: string, filter: RowsFilter) {
  return useInfiniteQuery(importRowsQueryOptions(id, filter));
}
