import type { SecondaryClientDocuments } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * A family member's documents in the client area: each one's type, size and download address, or null (issue 23
 * item 9: the files themselves come one by one, `get-member-document.ts`).
 */
export function fetchMemberDocuments(id: string, signal?: AbortSignal): Promise<SecondaryClientDocuments> {
  return apiCall('clientSecondaryDocuments', { params: { id }, signal, quiet: true });
}

export const memberDocumentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.clientArea.memberDocuments(id),
    queryFn: ({ signal }) => fetchMemberDocuments(id, signal),
    retry: false,
  });

export function useMemberDocuments(id: string) {
  return useQuery({ ...memberDocumentsQueryOptions(id), enabled: Boolean(id) });
}
