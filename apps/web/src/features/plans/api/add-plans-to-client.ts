import type { PlanInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface AddPlansInput {
  primaryClientId: string;
  secondaryClientId: string | null;
  plans: PlanInput[];
  planFiles: File[];
}

/** One multipart request: the plans and their PDFs for a client or a family member, all or nothing (spec §3). */
export function addPlansToClient(input: AddPlansInput) {
  const form = new FormData();
  form.set('primary_client_id', input.primaryClientId);
  if (input.secondaryClientId) form.set('secondary_client_id', input.secondaryClientId);
  form.set('plansData', JSON.stringify(input.plans));
  for (const file of input.planFiles) form.append('planFiles', file);
  return apiCall('addPlansToExisting', { form, quiet: true });
}

/**
 * New plans change the client's record and their family's, the client lists' plan counts, the providers' plan
 * counts, the dashboard's figures and the renewals.
 */
export function useAddPlansToClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPlansToClient,
    onSuccess: () => {
      for (const queryKey of queryKeys.changedByPlans) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
