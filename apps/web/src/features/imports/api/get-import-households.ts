import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const HOUSEHOLDS_PAGE = 50;

/** A page of the households the dry run found: client, members, plans and look-alike households. */
export function fetchImportHouseholds(id: string, after: string | undefined, signal?: AbortSignal) {
  return apiCall('importHouseholds', {
    params: { id },
    query: { after, limit: HOUSEHOLDS_PAGE },
    signal,
    quiet: true,
  });
}

export const importHouseholdsQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.imports.households(id),
    queryFn: ({ pageParam, signal }) => fetchImportHouseholds(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export function useImportHouseholds(id: string) {
  return useInfiniteQuery(importHouseholdsQueryOptions(id));
}
