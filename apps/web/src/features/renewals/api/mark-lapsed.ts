import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function markLapsed(planId: string) {
  return apiCall('markPlanLapsed', { params: { id: planId }, body: {}, quiet: true }).then((r) => r.data);
}

/** A lapsed or closed plan changes status wherever plans are shown: the work-list, records, counts. */
export function useMarkLapsed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markLapsed,
    onSuccess: () => {
      for (const queryKey of queryKeys.changedByPlans) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
