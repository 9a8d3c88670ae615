import type { Service } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The service catalogue of both categories, for the plan forms (spec §7 /services/...). */
export async function fetchPlanServices(signal?: AbortSignal): Promise<Service[]> {
  const [insurance, investment] = await Promise.all([
    apiCall('insuranceServices', { signal, quiet: true }),
    apiCall('investmentServices', { signal, quiet: true }),
  ]);
  return [...insurance.data, ...investment.data];
}

export const planServicesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.services.plans(), queryFn: ({ signal }) => fetchPlanServices(signal) });

export function usePlanServices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...planServicesQueryOptions(), enabled });
}
