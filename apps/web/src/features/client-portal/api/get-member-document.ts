import type { SecondaryDocumentKind } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { DOCUMENT_TIMEOUT_MS } from './get-plan-document.ts';

/** One of a family member's documents (a streamed download, audited by the API), within spec §9's 30 s. */
export function fetchMemberDocument(
  id: string,
  kind: SecondaryDocumentKind,
  signal?: AbortSignal,
): Promise<Blob> {
  const timeout = AbortSignal.timeout(DOCUMENT_TIMEOUT_MS);
  return apiBlob('clientSecondaryDocument', {
    params: { id, kind },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    quiet: true,
  });
}

export const memberDocumentQueryOptions = (id: string, kind: SecondaryDocumentKind) =>
  queryOptions({
    queryKey: queryKeys.clientArea.memberDocument(id, kind),
    queryFn: ({ signal }) => fetchMemberDocument(id, kind, signal),
    // Each fetch is a download the agency's audit log records: fetched when shown, kept while shown, and the
    // bytes let go once nothing shows them.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

/** The document's bytes, fetched only while `enabled` (a preview open, a photo to show). */
export function useMemberDocument(id: string, kind: SecondaryDocumentKind, enabled: boolean) {
  return useQuery({ ...memberDocumentQueryOptions(id, kind), enabled: enabled && Boolean(id) });
}
