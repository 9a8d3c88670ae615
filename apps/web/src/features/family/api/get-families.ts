import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface FamiliesPage {
  offset: number;
  limit: number;
  search?: string;
}

/** A page of the family view: each client with their family members and the plans each holds. */
export function fetchFamilies(page: FamiliesPage, signal?: AbortSignal) {
  return apiCall('listFamilies', {
    query: { offset: page.offset, limit: page.limit, search: page.search || undefined },
    signal,
    quiet: true,
  });
}

export const familiesQueryOptions = (page: FamiliesPage) =>
  queryOptions({
    queryKey: [...queryKeys.families, page] as const,
    queryFn: ({ signal }) => fetchFamilies(page, signal),
  });

/** The page asked for; while it loads, the last page's answer stays as a placeholder (its total keeps the pager). */
export function useFamilies(page: FamiliesPage) {
  return useQuery({ ...familiesQueryOptions(page), placeholderData: keepPreviousData });
}
