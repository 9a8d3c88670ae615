import { apiCall } from '../../../lib/api-client.ts';

// The signed-in client's e-mail reminders (AC), read and saved by My Profile's card (notification-preference.tsx,
// the client area's). The workspace's renewal calls have one file each beside this one.

export function fetchNotificationPreference(signal?: AbortSignal) {
  return apiCall('clientNotificationPreference', { signal, quiet: true }).then((r) => r.data);
}

export function saveNotificationPreference(body: { email_reminders: boolean; language: 'en' | 'hi' }) {
  return apiCall('updateClientNotificationPreference', { body, quiet: true }).then((r) => r.data);
}
