import type { ClaimChecklist, ClaimSettings } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// A claim's document checklist (issue 28 item 3, decision 045) and the agency's stuck-claim reminder setting.

export const claimDocumentsQueryOptions = (claimId: string) =>
  queryOptions({
    queryKey: queryKeys.claims.documents(claimId),
    queryFn: ({ signal }) =>
      apiCall('claimDocuments', { params: { id: claimId }, signal, quiet: true }).then((r) => r.data),
  });

export function useClaimDocuments(claimId: string) {
  return useQuery(claimDocumentsQueryOptions(claimId));
}

export type ChecklistChange =
  | { item: string; action: 'receive'; receivedOn?: string; file?: File }
  | { item: string; action: 'pending' };

/** Marks an item received (with its file, or a paper copy) or pending again; the answer is the new checklist. */
export function useChangeClaimDocument(claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ChecklistChange) => {
      const params = { id: claimId, item: change.item };
      if (change.action === 'pending') return apiCall('clearClaimDocument', { params, quiet: true });
      const form = new FormData();
      if (change.receivedOn) form.set('received_on', change.receivedOn);
      if (change.file) form.set('file', change.file);
      return apiCall('receiveClaimDocument', { params, form, quiet: true });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<ClaimChecklist>(queryKeys.claims.documents(claimId), answer.data);
    },
  });
}

/** An item's uploaded file (each download is audited). */
export function fetchClaimDocumentFile(claimId: string, item: string) {
  return apiBlob('claimDocumentFile', { params: { id: claimId, item }, quiet: true });
}

export function useClaimSettings(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.claims.settings,
    queryFn: ({ signal }) => apiCall('claimSettings', { signal, quiet: true }).then((r) => r.data),
    enabled,
  });
}

export function useSaveClaimSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClaimSettings) => apiCall('updateClaimSettings', { body: input, quiet: true }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.claims.settings, answer.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.claims.all });
    },
  });
}
