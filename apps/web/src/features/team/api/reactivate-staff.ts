import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useTeamChanged } from './get-staff.ts';

/** Lets a deactivated member of staff sign in again. */
export function reactivateStaff(id: string) {
  return apiCall('reactivateStaff', { params: { id }, quiet: true });
}

export function useReactivateStaff() {
  const changed = useTeamChanged();
  return useMutation({ mutationFn: reactivateStaff, onSuccess: changed });
}
