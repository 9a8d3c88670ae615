import type { UpdatePlanInput, WorkspacePlanDetail } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { notThisPlan, planQueryKey } from './get-plan.ts';

export function updatePlan(id: string, body: UpdatePlanInput) {
  return apiCall('updateClientPlan', { params: { id }, body, quiet: true });
}

/** The plan as saved is what its detail shows; its holder's records, the lists and counts ask again. */
export function usePlanEdited() {
  const queryClient = useQueryClient();
  return (plan: WorkspacePlanDetail) => {
    queryClient.setQueryData(planQueryKey(plan.plan_id), plan);
    // The detail was just set from the answer; everything else showing plans asks again.
    for (const queryKey of queryKeys.changedByPlans)
      void queryClient.invalidateQueries({ queryKey, predicate: notThisPlan(plan.plan_id) });
  };
}

export function useUpdatePlan(id: string) {
  const edited = usePlanEdited();
  return useMutation({
    mutationFn: (body: UpdatePlanInput) => updatePlan(id, body),
    onSuccess: (answer) => edited(answer.data),
  });
}
