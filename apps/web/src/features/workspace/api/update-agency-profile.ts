import type { AgencyProfile, AgencyProfileUpdate } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function updateProfile(body: AgencyProfileUpdate): Promise<AgencyProfile> {
  return (await apiCall('updateAgencyProfile', { body, quiet: true })).data;
}

/** Saves the profile; the answer is the profile the screen shows from then on. */
export function useUpdateAgencyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.agencyProfile, saved),
  });
}
