import type { ImportJob } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { IMPORT_POLL_MS, isWorking } from './get-import.ts';

/** An import as the list shows it: without its sheets. */
export type ImportSummary = Omit<ImportJob, 'sheets'>;

/** The agency's imports, newest first (an agent's own). */
export async function fetchImports(signal?: AbortSignal): Promise<ImportSummary[]> {
  return (await apiCall('listImports', { signal, quiet: true })).data;
}

export const importsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.imports.list,
    queryFn: ({ signal }) => fetchImports(signal),
    // A job working in the background changes its status and progress in the list too.
    refetchInterval: (query) => (query.state.data?.some((j) => isWorking(j.status)) ? IMPORT_POLL_MS : false),
  });

export function useImports() {
  return useQuery(importsQueryOptions());
}
