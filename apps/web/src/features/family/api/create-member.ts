import type { CreateSecondaryClient } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function createMember(body: CreateSecondaryClient) {
  return apiCall('createSecondaryClient', { body, quiet: true });
}

/** A new member joins their client's record, the client lists' family counts, the family view, the figures. */
export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: () => {
      for (const queryKey of [queryKeys.primaryClients.all, queryKeys.families, queryKeys.dashboard])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
