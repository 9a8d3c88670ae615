import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function uploadClientAvatar(id: string, file: File) {
  const form = new FormData();
  form.set('avatar', file);
  return apiCall('uploadPrimaryClientAvatar', { params: { id }, form, quiet: true });
}

/** Only the client's record shows the photo: it asks again, and its new version names the new bytes. */
export function useUploadClientAvatar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadClientAvatar(id, file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.primaryClients.detail(id) }),
  });
}
