import { apiCall } from '../../../lib/api-client.ts';

/** The picker's search over the agency's primary clients (server-side, a few at a time). */
export function searchPrimaryClients(search: string, signal?: AbortSignal) {
  return apiCall('listPrimaryClients', {
    query: { offset: 0, limit: 8, search: search || undefined },
    signal,
    quiet: true,
  });
}
