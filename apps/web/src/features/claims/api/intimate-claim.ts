import type { CreateClaimInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function intimateClaim(input: CreateClaimInput) {
  return apiCall('createClaim', { body: input, quiet: true });
}

/** A new claim: the plan's claims and every page of the register change. */
export function useIntimateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: intimateClaim,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.claims.all });
    },
  });
}
