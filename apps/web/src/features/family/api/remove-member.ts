import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function removeMember(id: string) {
  return apiCall('deleteSecondaryClient', { params: { id }, quiet: true });
}

/** A removed member leaves their client's record, the family view and the counts (with their plans). */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.secondaryClients.detail(id) });
      for (const queryKey of queryKeys.changedByPlans) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
