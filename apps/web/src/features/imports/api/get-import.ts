import type { ImportJob, ImportStatus } from '@portal/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** How often a job that is working is asked again: its dry run, its wait in the queue, its commit. */
export const IMPORT_POLL_MS = 1_500;

/** The statuses in which the job is working in the background (the screen follows it). */
export const isWorking = (status: ImportStatus) =>
  status === 'checking' || status === 'queued' || status === 'running';

/** An import: its sheets and mapping, the dry run's counts, the commit's progress. */
export async function fetchImport(id: string, signal?: AbortSignal): Promise<ImportJob> {
  return (await apiCall('getImport', { params: { id }, signal, quiet: true })).data;
}

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.imports.detail(id),
    queryFn: ({ signal }) => fetchImport(id, signal),
    // The job is asked again while it works, so a reload, another tab or a server restart finds it where it is.
    refetchInterval: (query) =>
      query.state.data && isWorking(query.state.data.status) ? IMPORT_POLL_MS : false,
  });

/**
 * One import, followed while it works. When its work ends (a dry run checked, a commit done or stopped), its rows
 * and households are asked again, and once a commit or an undo has written, every list of clients and plans too.
 */
export function useImport(id: string) {
  const query = useQuery(importQueryOptions(id));
  const client = useQueryClient();
  const status = query.data?.status;
  const seen = useRef(status);
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (!before || !status || before === status) return;
    void client.resetQueries({ queryKey: queryKeys.imports.results(id) });
    void client.invalidateQueries({ queryKey: queryKeys.imports.list });
    if (before === 'running' || status === 'done' || status === 'undone') bookChanged(client);
  }, [client, id, status]);
  return query;
}

/** What a commit or an undo writes: clients, members, plans and providers, wherever they are shown. */
export function bookChanged(client: ReturnType<typeof useQueryClient>) {
  for (const key of queryKeys.changedByPlans) void client.invalidateQueries({ queryKey: key });
  void client.invalidateQueries({ queryKey: queryKeys.activity.all });
}

/**
 * Puts a job's answer (an upload, a mapping, a change of households, a commit, a cancel, an undo) in the cache as
 * the job's state; the rows and households it had are asked again, since each of these changes them.
 */
export function useStoreImport() {
  const client = useQueryClient();
  return (job: ImportJob) => {
    client.setQueryData(queryKeys.imports.detail(job.id), job);
    void client.resetQueries({ queryKey: queryKeys.imports.results(job.id) });
    void client.invalidateQueries({ queryKey: queryKeys.imports.list });
  };
}
