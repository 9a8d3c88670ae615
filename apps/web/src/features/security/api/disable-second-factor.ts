import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Turns the second factor off: the current password and a current code. */
export function disableSecondFactor(body: { current_password: string; code: string }) {
  return apiCall('disableSecondFactor', { body, quiet: true });
}

export function useDisableSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableSecondFactor,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.secondFactor });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
