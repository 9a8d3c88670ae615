import type { Provider, ServiceCategory } from '@portal/contract';
import { apiBlob, apiCall } from '../../../lib/api-client.ts';

// The agency's provider companies (spec §7 /plans/... and /services/...).

export async function fetchProviders(category: ServiceCategory, signal?: AbortSignal): Promise<Provider[]> {
  const answer = await apiCall('listProviders', { query: { category }, signal, quiet: true });
  return answer.data;
}

export async function fetchServices(category: ServiceCategory, signal?: AbortSignal) {
  const answer = await apiCall(category === 'insurance' ? 'insuranceServices' : 'investmentServices', {
    signal,
    quiet: true,
  });
  return answer.data;
}

/** Creates or edits with the spec's multipart shape: `payload` (JSON) and the `providerlogourl` file. */
export async function saveProvider(
  category: ServiceCategory,
  payload: Record<string, unknown>,
  logo: File | null,
  providerId?: string,
): Promise<Provider> {
  const form = new FormData();
  form.set('payload', JSON.stringify(payload));
  if (logo) form.set('providerlogourl', logo);
  const name = providerId
    ? category === 'insurance'
      ? 'updateInsuranceProvider'
      : 'updateInvestmentProvider'
    : category === 'insurance'
      ? 'createInsuranceProvider'
      : 'createInvestmentProvider';
  const answer = await apiCall(name, {
    form,
    params: providerId ? { id: providerId } : undefined,
    quiet: true,
  });
  return answer.data;
}

export function deleteProvider(providerId: string) {
  return apiCall('deleteProvider', { params: { id: providerId }, quiet: true });
}

export function fetchProviderLogo(providerId: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob('providerLogo', { params: { id: providerId }, signal, quiet: true });
}
