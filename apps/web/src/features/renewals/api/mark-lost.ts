import type { LostReason } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function markLost(planId: string, reason: LostReason, reasonText: string) {
  return apiCall('markPlanLost', {
    params: { id: planId },
    body: { reason, reason_text: reasonText.trim() || undefined },
    quiet: true,
  }).then((r) => r.data);
}

/** A lost plan lapses (or closes): its status changes wherever plans are shown, and the home counts it. */
export function useMarkLost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      planId,
      reason,
      reasonText,
    }: {
      planId: string;
      reason: LostReason;
      reasonText: string;
    }) => markLost(planId, reason, reasonText),
    onSuccess: () => {
      for (const queryKey of queryKeys.changedByPlans) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
