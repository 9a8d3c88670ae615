import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { setToken } from '../../../lib/session.ts';

export function changePassword(body: { current_password: string; new_password: string }) {
  return apiCall('changePassword', { body, quiet: true });
}

/** Changes the password; the answer's fresh token replaces the revoked one, and `me` is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ data }) => {
      setToken(data.token);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
