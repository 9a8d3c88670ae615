import type { ContactChannel } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** "Contacted": the owner spoke to the client, with an optional note; or sent the WhatsApp message. */
export function markContacted(planId: string, note: string, channel?: ContactChannel) {
  return apiCall('markPlanContacted', {
    params: { id: planId },
    body: { note: note.trim() || undefined, ...(channel ? { channel } : {}) },
    quiet: true,
  }).then((r) => r.data);
}

/** A contact is a mark on the work-list and in the plan's renewal history; nothing else shows it. */
export function useMarkContacted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, note, channel }: { planId: string; note: string; channel?: ContactChannel }) =>
      markContacted(planId, note, channel),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.renewals }),
  });
}
