import { apiBlob } from '../../../lib/api-client.ts';

/** A company's logo bytes (they need the bearer token, so an <img src> cannot load them). */
export function fetchProviderLogo(providerId: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob('providerLogo', { params: { id: providerId }, signal, quiet: true });
}
