import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** "Contacted": the owner spoke to the client, with an optional note. */
export function markContacted(planId: string, note: string) {
  return apiCall('markPlanContacted', {
    params: { id: planId },
    body: { note: note.trim() || undefined },
    quiet: true,
  }).then((r) => r.data);
}

/** A contact is a mark on the work-list and in the plan's renewal history; nothing else shows it. */
export function useMarkContacted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, note }: { planId: string; note: string }) => markContacted(planId, note),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.renewals }),
  });
}
