import type { CreatePrimaryClientWithPlans } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface CreateClientInput {
  payload: CreatePrimaryClientWithPlans;
  planFiles: File[];
  avatar: File | null;
}

/** One request: the client, portal account, plans and their PDFs (and a photo), all or nothing. */
export function createClientWithPlans({ payload, planFiles, avatar }: CreateClientInput) {
  const form = new FormData();
  form.set('payload', JSON.stringify(payload));
  for (const file of planFiles) form.append('planFiles', file);
  if (avatar) form.set('avatar', avatar);
  return apiCall('createPrimaryClient', { form, quiet: true });
}

/** A new client changes the client lists and the family view, and with their plans everything plans change. */
export function useCreateClientWithPlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClientWithPlans,
    onSuccess: () => {
      for (const queryKey of queryKeys.changedByPlans) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
