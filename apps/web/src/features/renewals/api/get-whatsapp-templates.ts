import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The agency's WhatsApp messages, one per kind and language (the portal's own until it saves one). */
export function fetchWhatsAppTemplates(signal?: AbortSignal) {
  return apiCall('whatsAppTemplates', { signal, quiet: true }).then((r) => r.data.templates);
}

export const whatsAppTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.whatsAppTemplates,
    queryFn: ({ signal }) => fetchWhatsAppTemplates(signal),
    // They change only when a manager saves one, which replaces this answer.
    staleTime: 5 * 60_000,
  });

export function useWhatsAppTemplates() {
  return useQuery(whatsAppTemplatesQueryOptions());
}
