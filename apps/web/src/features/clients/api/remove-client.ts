import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function removeClient(id: string) {
  return apiCall('deletePrimaryClient', { params: { id }, quiet: true });
}

/** A removed client leaves every list and count, with their family and plans. */
export function useRemoveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeClient,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.primaryClients.detail(id) });
      for (const queryKey of queryKeys.changedByPlans) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
