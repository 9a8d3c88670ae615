import type { StaffRole } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useTeamChanged } from './get-staff.ts';

/** Gives a member of staff the other role; their sessions end and they sign in again with it. */
export function changeStaffRole({ id, role }: { id: string; role: StaffRole }) {
  return apiCall('changeStaffRole', { params: { id }, body: { role }, quiet: true });
}

export function useChangeStaffRole() {
  const changed = useTeamChanged();
  return useMutation({ mutationFn: changeStaffRole, onSuccess: changed });
}
