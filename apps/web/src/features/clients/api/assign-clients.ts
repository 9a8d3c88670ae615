import type { AssignClients } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function assignClients(body: AssignClients) {
  return apiCall('assignPrimaryClients', { body, quiet: true });
}

/** Clients that change hands change every list and count that shows whose they are. */
export function useAssignClients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignClients,
    onSuccess: () => {
      for (const queryKey of [queryKeys.primaryClients.all, queryKeys.agents, queryKeys.families])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
