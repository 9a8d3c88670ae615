import type { SecondaryDocumentKind } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A member's document bytes (they need the bearer token). */
export function fetchMemberDocument(id: string, kind: SecondaryDocumentKind, signal?: AbortSignal) {
  return apiBlob('secondaryDocument', { params: { id, kind }, signal, quiet: true });
}

/** `documentId` names the stored file: a replaced document is other bytes under another key. */
export const memberDocumentQueryOptions = (id: string, kind: SecondaryDocumentKind, documentId: string) =>
  queryOptions({
    queryKey: [...queryKeys.secondaryClients.detail(id), 'document', kind, documentId] as const,
    queryFn: ({ signal }) => fetchMemberDocument(id, kind, signal),
  });

export function useMemberDocument(id: string, kind: SecondaryDocumentKind, documentId: string) {
  return useQuery(memberDocumentQueryOptions(id, kind, documentId));
}
