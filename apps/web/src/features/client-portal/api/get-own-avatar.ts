import { apiBlob } from '../../../lib/api-client.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';

/** The signed-in client's own photo (the primary-clients avatar call, allowed for their own id only). */
export function fetchOwnAvatar(primaryClientId: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob('primaryClientAvatar', { params: { id: primaryClientId }, signal, quiet: true });
}

/** An object URL of the client's photo, or null while there is none (no photo, loading, failed). */
export function useOwnAvatar(primaryClientId: string | null) {
  return useObjectUrl(primaryClientId, (signal) => fetchOwnAvatar(primaryClientId!, signal));
}
