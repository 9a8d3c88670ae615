import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Confirms the new key with a current code; answers the ten recovery codes, shown once. */
export function confirmSecondFactor(code: string) {
  return apiCall('confirmSecondFactor', { body: { code }, quiet: true });
}

export function useConfirmSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSecondFactor,
    // The status, and for the admin whether the rest of the area opens (me).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.secondFactor });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
