import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The agency's reminder days, and whether e-mail goes out by SMTP or into the outbox. */
export function fetchReminderSettings(signal?: AbortSignal) {
  return apiCall('reminderSettings', { signal, quiet: true }).then((r) => r.data);
}

export const reminderSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reminderSettings,
    queryFn: ({ signal }) => fetchReminderSettings(signal),
  });

/** `enabled: false` for an agent, whom the API refuses the settings (issue 25: the owner's and admins' alone). */
export function useReminderSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...reminderSettingsQueryOptions(), enabled });
}
