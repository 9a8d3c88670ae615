import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function saveNotificationPreference(body: { email_reminders: boolean; language: 'en' | 'hi' }) {
  return apiCall('updateClientNotificationPreference', { body, quiet: true }).then((r) => r.data);
}

/** The preference as saved is what the card shows (the answer is the whole preference). */
export function useSaveNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreference,
    onSuccess: (preference) =>
      queryClient.setQueryData(queryKeys.clientArea.notificationPreference, preference),
  });
}
