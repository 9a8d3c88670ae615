import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The signed-in client's e-mail reminders (AC), read and saved by My Profile's card (notification-preference.tsx).

export function fetchNotificationPreference(signal?: AbortSignal) {
  return apiCall('clientNotificationPreference', { signal, quiet: true }).then((r) => r.data);
}

export type NotificationPreference = Awaited<ReturnType<typeof fetchNotificationPreference>>;

export const notificationPreferenceQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.clientArea.notificationPreference,
    queryFn: ({ signal }) => fetchNotificationPreference(signal),
  });

export function useNotificationPreference() {
  return useQuery(notificationPreferenceQueryOptions());
}
