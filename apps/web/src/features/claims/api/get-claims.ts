import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ClaimsPage {
  /** `open`, a status, or '' for every claim. */
  status: string;
  search: string;
  limit: number;
  after?: string | undefined;
  before?: string | undefined;
}

/** A page of the agency's claims, newest first; empty filters are left out. */
export function fetchClaims(page: ClaimsPage, signal?: AbortSignal) {
  return apiCall('listClaims', {
    query: {
      status: (page.status || undefined) as never,
      search: page.search || undefined,
      limit: page.limit,
      after: page.after,
      before: page.before,
    },
    signal,
    quiet: true,
  });
}

export const claimsQueryOptions = (page: ClaimsPage) =>
  queryOptions({
    queryKey: queryKeys.claims.page(page),
    queryFn: ({ signal }) => fetchClaims(page, signal),
  });

export function useClaims(page: ClaimsPage) {
  return useQuery({ ...claimsQueryOptions(page), placeholderData: keepPreviousData });
}
