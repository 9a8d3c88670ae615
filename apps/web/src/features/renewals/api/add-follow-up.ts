import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { followUpsQueryKey } from './get-follow-ups.ts';

export function addFollowUp(planId: string, nextDate: string, note: string) {
  return apiCall('addPlanFollowUp', {
    params: { id: planId },
    body: { next_date: nextDate, note },
    quiet: true,
  }).then((r) => r.data);
}

/** The plan's follow-ups as saved; the work-list shows the next date too. */
export function useAddFollowUp(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ nextDate, note }: { nextDate: string; note: string }) =>
      addFollowUp(planId, nextDate, note),
    onSuccess: (data) => {
      queryClient.setQueryData(followUpsQueryKey(planId), data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.renewals });
    },
  });
}
