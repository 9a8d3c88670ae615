import type { CreatePrimaryClientWithPlans, PlanInput, Provider, Service } from '@portal/contract';
import { apiCall } from '../../../lib/api-client.ts';

// The calls of the plan forms: the service catalogue, the agency's providers of one service, creating a
// client with plans and PDFs, adding plans to an existing client (spec §3 add-plans payload, §7).

export async function fetchPlanServices(signal?: AbortSignal): Promise<Service[]> {
  const [insurance, investment] = await Promise.all([
    apiCall('insuranceServices', { signal, quiet: true }),
    apiCall('investmentServices', { signal, quiet: true }),
  ]);
  return [...insurance.data, ...investment.data];
}

// Several plan forms of one service share one request; a failed one is forgotten so Retry asks again.
const providerRequests = new Map<string, Promise<Provider[]>>();

export function fetchProvidersOfService(serviceId: string): Promise<Provider[]> {
  const known = providerRequests.get(serviceId);
  if (known) return known;
  const request = apiCall('providersByService', { params: { serviceId }, quiet: true }).then(
    (answer) => answer.data,
    (err: unknown) => {
      providerRequests.delete(serviceId);
      throw err;
    },
  );
  providerRequests.set(serviceId, request);
  return request;
}

/** Forgets the providers read so far (a test, or a screen opened again after providers changed). */
export function forgetProviders(): void {
  providerRequests.clear();
}

export function searchPrimaryClients(search: string, signal?: AbortSignal) {
  return apiCall('listPrimaryClients', {
    query: { offset: 0, limit: 10, search: search.trim() || undefined },
    signal,
    quiet: true,
  });
}

export function fetchPrimaryClient(id: string, signal?: AbortSignal) {
  return apiCall('primaryClientDetail', { params: { id }, signal, quiet: true });
}

/** One request: the client, portal account, plans and their PDFs (and a photo), all or nothing. */
export function createClientWithPlans(
  payload: CreatePrimaryClientWithPlans,
  planFiles: File[],
  avatar: File | null,
) {
  const form = new FormData();
  form.set('payload', JSON.stringify(payload));
  for (const file of planFiles) form.append('planFiles', file);
  if (avatar) form.set('avatar', avatar);
  return apiCall('createPrimaryClient', { form, quiet: true });
}

export function addPlansToClient(input: {
  primaryClientId: string;
  secondaryClientId: string | null;
  plans: PlanInput[];
  planFiles: File[];
}) {
  const form = new FormData();
  form.set('primary_client_id', input.primaryClientId);
  if (input.secondaryClientId) form.set('secondary_client_id', input.secondaryClientId);
  form.set('plansData', JSON.stringify(input.plans));
  for (const file of input.planFiles) form.append('planFiles', file);
  return apiCall('addPlansToExisting', { form, quiet: true });
}
