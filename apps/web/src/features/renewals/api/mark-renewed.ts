import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface Renewal {
  newEndDate: string;
  note: string;
  document: File | null;
}

/** Multipart: the new end date, an optional note and an optional PDF (`document`). */
export function markRenewed(planId: string, input: Renewal) {
  const form = new FormData();
  form.set('new_end_date', input.newEndDate);
  if (input.note.trim()) form.set('note', input.note.trim());
  if (input.document) form.set('document', input.document);
  return apiCall('markPlanRenewed', { params: { id: planId }, form, quiet: true }).then((r) => r.data);
}

/** A renewal moves the plan's end date (and may replace its PDF) wherever plans are shown. */
export function useMarkRenewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, ...input }: Renewal & { planId: string }) => markRenewed(planId, input),
    onSuccess: () => {
      for (const queryKey of queryKeys.changedByPlans) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
