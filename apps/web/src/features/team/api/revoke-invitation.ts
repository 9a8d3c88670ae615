import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useTeamChanged } from './get-staff.ts';

/** Withdraws an invitation nobody accepted: the invitee and their link are gone. */
export function revokeInvitation(id: string) {
  return apiCall('revokeStaffInvitation', { params: { id }, quiet: true });
}

export function useRevokeInvitation() {
  const changed = useTeamChanged();
  return useMutation({ mutationFn: revokeInvitation, onSuccess: changed });
}
