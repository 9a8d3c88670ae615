import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface Renewal {
  newEndDate: string;
  note: string;
  document: File | null;
  /** A policy's new term (decision 041): blank or absent when unchanged. */
  newPremium?: string;
  newPolicyNumber?: string;
  newProviderId?: string;
}

/** Multipart: the new end date, an optional note, the new term's fields given and an optional PDF (`document`). */
export function markRenewed(planId: string, input: Renewal) {
  const form = new FormData();
  form.set('new_end_date', input.newEndDate);
  if (input.note.trim()) form.set('note', input.note.trim());
  if (input.newPremium) form.set('new_premium', input.newPremium);
  if (input.newPolicyNumber) form.set('new_policy_number', input.newPolicyNumber);
  if (input.newProviderId) form.set('new_provider_id', input.newProviderId);
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
