import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function saveReminderSettings(days: number[]) {
  return apiCall('updateReminderSettings', { body: { reminder_days: days }, quiet: true }).then(
    (r) => r.data,
  );
}

/** The settings as saved are what the card shows. */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReminderSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.reminderSettings, settings),
  });
}
