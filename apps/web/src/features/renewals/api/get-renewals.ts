import type { RenewalWindow } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type PlanTypeFilter = 'all' | 'insurance' | 'investment';

export interface RenewalsPage {
  window: RenewalWindow;
  type: PlanTypeFilter;
  offset: number;
  limit: number;
}

/** A page of the renewal work-list (issue 7). The pager goes by page number, so by offset, not by the cursors. */
export function fetchRenewals(page: RenewalsPage, signal?: AbortSignal) {
  return apiCall('renewalList', { query: { ...page }, signal, quiet: true }).then((r) => r.data);
}

export const renewalsQueryOptions = (page: RenewalsPage) =>
  queryOptions({
    queryKey: [...queryKeys.renewals, 'list', page] as const,
    queryFn: ({ signal }) => fetchRenewals(page, signal),
  });

/** The page asked for; while another loads, the last answer stays as a placeholder (its counts keep the tabs). */
export function useRenewals(page: RenewalsPage) {
  return useQuery({ ...renewalsQueryOptions(page), placeholderData: keepPreviousData });
}
