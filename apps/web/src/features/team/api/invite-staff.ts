import type { StaffInvite } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useTeamChanged } from './get-staff.ts';

/** Invites an agency admin or agent: a one-time link (72 hours) by e-mail, or answered to pass on. */
export function inviteStaff(body: StaffInvite) {
  return apiCall('inviteStaff', { body, quiet: true });
}

export function useInviteStaff() {
  const changed = useTeamChanged();
  return useMutation({ mutationFn: inviteStaff, onSuccess: changed });
}
