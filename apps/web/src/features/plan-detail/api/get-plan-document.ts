import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The plan's PDF bytes (they need the bearer token, so an iframe cannot fetch them itself). */
export function fetchPlanDocument(id: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob('clientPlanDocument', { params: { id }, signal, quiet: true });
}

/** `version` is the document's id: a replaced PDF is other bytes under another key. */
export const planDocumentQueryOptions = (id: string, version: string) =>
  queryOptions({
    queryKey: [...queryKeys.plans, 'document', id, version] as const,
    queryFn: ({ signal }) => fetchPlanDocument(id, signal),
  });

/** The PDF's bytes, fetched only while `enabled` (the viewer open). */
export function usePlanDocument(id: string, version: string, enabled = true) {
  return useQuery({ ...planDocumentQueryOptions(id, version), enabled });
}
