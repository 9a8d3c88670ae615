import type { ReportFormat, ReportKind, ReportPeriodKey } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { saveBlob } from '../../../components/documents/save-blob.ts';
import { apiCall, apiResponse } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The agency's reports (issue 29): each report for the filters in the address, the premium register a page at a
// time with its totals apart, the filters' choices, and a report's file saved under the API's name.

export interface ReportFilters {
  period: ReportPeriodKey;
  /** YYYY-MM-DD; only with a custom period. */
  from: string;
  to: string;
  service: string;
  provider: string;
  staff: string;
}

/** The filters as the API's query: empty ones left out, from and to only for a custom period. */
export function reportQuery(f: ReportFilters) {
  const custom = f.period === 'custom';
  return {
    period: f.period,
    from: custom && f.from ? f.from : undefined,
    to: custom && f.to ? f.to : undefined,
    service: f.service || undefined,
    provider: f.provider || undefined,
    staff: f.staff || undefined,
  };
}

/** Whether the filters can be sent: a custom period needs both days, in order. */
export const filtersReady = (f: ReportFilters) =>
  f.period !== 'custom' || (f.from !== '' && f.to !== '' && f.from <= f.to);

const SUMMARY_ENDPOINT = {
  new_business: 'reportNewBusiness',
  renewals: 'reportRenewals',
  book: 'reportBook',
  claims: 'reportClaims',
} as const;
export type SummaryKind = keyof typeof SUMMARY_ENDPOINT;

export function useNewBusiness(f: ReportFilters) {
  return useQuery({
    queryKey: queryKeys.reports('new_business', f),
    queryFn: ({ signal }) =>
      apiCall(SUMMARY_ENDPOINT.new_business, { query: reportQuery(f), signal, quiet: true }),
    enabled: filtersReady(f),
    placeholderData: keepPreviousData,
  });
}

export function useRenewalsReport(f: ReportFilters) {
  return useQuery({
    queryKey: queryKeys.reports('renewals', f),
    queryFn: ({ signal }) =>
      apiCall(SUMMARY_ENDPOINT.renewals, { query: reportQuery(f), signal, quiet: true }),
    enabled: filtersReady(f),
    placeholderData: keepPreviousData,
  });
}

export function useBookSummary(f: ReportFilters) {
  return useQuery({
    queryKey: queryKeys.reports('book', f),
    queryFn: ({ signal }) => apiCall(SUMMARY_ENDPOINT.book, { query: reportQuery(f), signal, quiet: true }),
    enabled: filtersReady(f),
    placeholderData: keepPreviousData,
  });
}

export function useClaimsReport(f: ReportFilters) {
  return useQuery({
    queryKey: queryKeys.reports('claims', f),
    queryFn: ({ signal }) => apiCall(SUMMARY_ENDPOINT.claims, { query: reportQuery(f), signal, quiet: true }),
    enabled: filtersReady(f),
    placeholderData: keepPreviousData,
  });
}

export function useRegisterPage(f: ReportFilters, after: string | null, limit: number) {
  return useQuery({
    queryKey: queryKeys.reports('register', { ...f, limit }, after),
    queryFn: ({ signal }) =>
      apiCall('reportPremiumRegister', {
        query: { ...reportQuery(f), limit, after: after ?? undefined },
        signal,
        quiet: true,
      }),
    enabled: filtersReady(f),
    placeholderData: keepPreviousData,
  });
}

export function useRegisterTotals(f: ReportFilters) {
  return useQuery({
    queryKey: queryKeys.reports('register-totals', f),
    queryFn: ({ signal }) =>
      apiCall('reportPremiumRegisterTotals', { query: reportQuery(f), signal, quiet: true }),
    enabled: filtersReady(f),
  });
}

/** What the service, provider and staff filters offer. */
export function useFilterChoices() {
  const services = useQuery({
    queryKey: queryKeys.services.plans(),
    queryFn: async ({ signal }) => {
      const [insurance, investment] = await Promise.all([
        apiCall('insuranceServices', { signal, quiet: true }),
        apiCall('investmentServices', { signal, quiet: true }),
      ]);
      return [...insurance.data, ...investment.data];
    },
  });
  const providers = useQuery({
    queryKey: queryKeys.reports('providers'),
    queryFn: async ({ signal }) => (await apiCall('listProviders', { query: {}, signal, quiet: true })).data,
  });
  const staff = useQuery({
    queryKey: queryKeys.agents,
    queryFn: ({ signal }) => apiCall('listAgents', { signal, quiet: true }),
  });
  return { services, providers, staff };
}

/** The file name the API gave (`attachment; filename="…"`), else a plain one. */
export function reportFileName(disposition: string | null, kind: ReportKind, format: ReportFormat): string {
  const named = disposition && /filename="([^"]+)"/.exec(disposition);
  return named?.[1] ?? `${kind.replaceAll('_', '-')}.${format}`;
}

export async function downloadReport(input: {
  kind: ReportKind;
  format: ReportFormat;
  filters: ReportFilters;
}): Promise<string> {
  const response = await apiResponse('reportDownload', {
    query: { ...reportQuery(input.filters), report: input.kind, format: input.format },
    quiet: true,
  });
  const name = reportFileName(response.headers.get('content-disposition'), input.kind, input.format);
  saveBlob(await response.blob(), name);
  return name;
}

export function useReportDownload() {
  return useMutation({ mutationFn: downloadReport });
}
