import type { Service, ServiceCategory } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The service catalogue of one category (spec §7 /services/...), for a company's service choice. */
export async function fetchServices(category: ServiceCategory, signal?: AbortSignal): Promise<Service[]> {
  const name = category === 'insurance' ? 'insuranceServices' : 'investmentServices';
  return (await apiCall(name, { signal, quiet: true })).data;
}

export const servicesQueryOptions = (category: ServiceCategory) =>
  queryOptions({
    queryKey: queryKeys.services.ofCategory(category),
    queryFn: ({ signal }) => fetchServices(category, signal),
  });

export function useServices(category: ServiceCategory) {
  return useQuery(servicesQueryOptions(category));
}
