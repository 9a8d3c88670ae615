import type { AgencyProfile } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function uploadAgencyLogo(file: File) {
  const form = new FormData();
  form.set('logo', file);
  return apiCall('uploadAgencyLogo', { form, quiet: true });
}

/** Replaces the logo: the profile now has one, wherever it is shown. */
export function useUploadAgencyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAgencyLogo,
    onSuccess: () =>
      queryClient.setQueryData<AgencyProfile>(
        queryKeys.agencyProfile,
        (profile) => profile && { ...profile, logo_url: '/api/agencies/profile/logo' },
      ),
  });
}
