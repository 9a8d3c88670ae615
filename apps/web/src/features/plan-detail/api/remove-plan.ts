import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { notThisPlan } from './get-plan.ts';

export function removePlan(id: string) {
  return apiCall('deleteClientPlan', { params: { id }, quiet: true });
}

/**
 * A removed plan leaves its holder's records, the lists and every count. Its own detail is left alone: asked
 * again it would answer 404 on the screen the owner is leaving.
 */
export function useRemovePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePlan,
    onSuccess: (_answer, id) => {
      for (const queryKey of queryKeys.changedByPlans)
        void queryClient.invalidateQueries({ queryKey, predicate: notThisPlan(id) });
    },
  });
}
