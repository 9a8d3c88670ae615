import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useTeamChanged } from './get-staff.ts';

/** Deactivates a member of staff: every session of theirs ends at once. */
export function deactivateStaff(id: string) {
  return apiCall('deactivateStaff', { params: { id }, quiet: true });
}

export function useDeactivateStaff() {
  const changed = useTeamChanged();
  return useMutation({ mutationFn: deactivateStaff, onSuccess: changed });
}
