import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export function resetPortalPassword(id: string, newPassword: string) {
  return apiCall('resetPortalPassword', { params: { id }, body: { new_password: newPassword }, quiet: true });
}

/** A new portal password changes nothing the workspace shows: no query asks again. */
export function useResetPortalPassword(id: string) {
  return useMutation({ mutationFn: (newPassword: string) => resetPortalPassword(id, newPassword) });
}
