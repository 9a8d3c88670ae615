import type { WorkBucket } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type PlanTypeFilter = 'all' | 'insurance' | 'investment';

export const TYPE_LABELS: Record<PlanTypeFilter, string> = {
  all: 'All plans',
  insurance: 'Insurance',
  investment: 'Investments',
};

/** What narrows the work-list beyond its bucket (decision 042); '' is no filter. */
export interface WorkListFilter {
  type: PlanTypeFilter;
  service: string;
  provider: string;
  staff: string;
}

/** What the screen's filter row is given (composed in app/: it reads the providers' and clients' features). */
export interface WorkListFiltersProps {
  filter: WorkListFilter;
  manages: boolean;
  onChange: (next: Partial<WorkListFilter>) => void;
}

export interface RenewalsPage extends WorkListFilter {
  bucket: WorkBucket;
  offset: number;
  limit: number;
}

/** A page of the work-list (issue 27). The pager goes by page number, so by offset, not by the cursors. */
export function fetchRenewals(page: RenewalsPage, signal?: AbortSignal) {
  const { service, provider, staff, ...rest } = page;
  const query = {
    ...rest,
    ...(service ? { service } : {}),
    ...(provider ? { provider } : {}),
    ...(staff ? { staff } : {}),
  };
  return apiCall('renewalList', { query, signal, quiet: true }).then((r) => r.data);
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
