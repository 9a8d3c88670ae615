import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The owner and the agency's staff: whom the activity log's person filter offers. */
export function fetchActivityPeople(signal?: AbortSignal) {
  return apiCall('activityPeople', { signal, quiet: true }).then((r) => r.items);
}

export const activityPeopleQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.activity.people,
    queryFn: ({ signal }) => fetchActivityPeople(signal),
  });

export function useActivityPeople() {
  return useQuery(activityPeopleQueryOptions());
}
