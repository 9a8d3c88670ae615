import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useTeamChanged } from './get-staff.ts';

/** Sends a new invitation link; the older one stops working. */
export function resendInvitation(id: string) {
  return apiCall('resendStaffInvitation', { params: { id }, quiet: true });
}

export function useResendInvitation() {
  const changed = useTeamChanged();
  return useMutation({ mutationFn: resendInvitation, onSuccess: changed });
}
