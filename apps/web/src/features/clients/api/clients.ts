import type { UpdatePrimaryClient } from '@portal/contract';
import { apiCall } from '../../../lib/api-client.ts';

// The agency's primary clients (issue 5): list, detail and the owner's actions on them.

/**
 * A page of the agency's clients. `after` / `before` are the cursors of the page shown (issue 8 keyset
 * pagination): the server seeks there instead of skipping `offset` rows, which it then only echoes.
 */
export function fetchClients(
  page: { offset: number; limit: number; search?: string; after?: string; before?: string },
  signal?: AbortSignal,
) {
  return apiCall('listPrimaryClients', {
    query: {
      offset: page.offset,
      limit: page.limit,
      search: page.search || undefined,
      after: page.after,
      before: page.before,
    },
    signal,
    quiet: true,
  });
}

export function setPortalAccess(id: string, enabled: boolean, initialPassword?: string) {
  return apiCall('setPortalAccess', {
    params: { id },
    body: { enabled, ...(initialPassword ? { initial_password: initialPassword } : {}) },
    quiet: true,
  });
}

export function resetPortalPassword(id: string, newPassword: string) {
  return apiCall('resetPortalPassword', { params: { id }, body: { new_password: newPassword }, quiet: true });
}

/** Replaces every field; a PAN or Aadhaar left out keeps the stored one (decision 008). */
export function updateClient(id: string, body: UpdatePrimaryClient) {
  return apiCall('updatePrimaryClient', { params: { id }, body, quiet: true });
}

export function uploadClientAvatar(id: string, file: File) {
  const form = new FormData();
  form.set('avatar', file);
  return apiCall('uploadPrimaryClientAvatar', { params: { id }, form, quiet: true });
}
