import type { Provider, ServiceCategory } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function deleteProvider(providerId: string) {
  return apiCall('deleteProvider', { params: { id: providerId }, quiet: true });
}

/** Deletes a company: it leaves this list at once, and every view of the agency's companies asks again. */
export function useDeleteProvider(category: ServiceCategory) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: Provider) => deleteProvider(provider.provider_id),
    onSuccess: (_answer, provider) => {
      queryClient.setQueryData<Provider[]>(queryKeys.providers.ofCategory(category), (list) =>
        list?.filter((p) => p.provider_id !== provider.provider_id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.providers.all });
    },
  });
}
