import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ActivityFilters {
  person: string;
  client: string;
  from: string;
  to: string;
}

export interface ActivityPage extends ActivityFilters {
  limit: number;
  after?: string | undefined;
  before?: string | undefined;
}

/** A page of the agency's activity, newest first; empty filters are left out. */
export function fetchActivity(page: ActivityPage, signal?: AbortSignal) {
  return apiCall('activityLog', {
    query: {
      person: page.person || undefined,
      client: page.client || undefined,
      from: page.from || undefined,
      to: page.to || undefined,
      limit: page.limit,
      after: page.after,
      before: page.before,
    },
    signal,
    quiet: true,
  });
}

export const activityQueryOptions = (page: ActivityPage) =>
  queryOptions({
    queryKey: queryKeys.activity.page(page),
    queryFn: ({ signal }) => fetchActivity(page, signal),
  });

/** The page asked for; `enabled` false while the filters cannot be sent (a range that ends before it starts). */
export function useActivity(page: ActivityPage, enabled = true) {
  return useQuery({ ...activityQueryOptions(page), enabled, placeholderData: keepPreviousData });
}
