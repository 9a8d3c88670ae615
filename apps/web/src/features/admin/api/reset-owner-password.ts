import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export function resetOwnerPassword(ownerId: string, newPassword: string) {
  return apiCall('resetOwnerPassword', {
    params: { id: ownerId },
    body: { new_password: newPassword },
    quiet: true,
  });
}

/** A reset password changes nothing the admin's screens show: no query asks again. */
export function useResetOwnerPassword(ownerId: string) {
  return useMutation({ mutationFn: (newPassword: string) => resetOwnerPassword(ownerId, newPassword) });
}
