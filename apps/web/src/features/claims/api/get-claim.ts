import type { ClaimStatusChangeInput } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One claim with its status timeline (oldest first) and where it may go next. */
export function fetchClaim(claimId: string, signal?: AbortSignal) {
  return apiCall('claimDetail', { params: { id: claimId }, signal, quiet: true }).then((r) => r.data);
}

export const claimQueryOptions = (claimId: string) =>
  queryOptions({
    queryKey: queryKeys.claims.one(claimId),
    queryFn: ({ signal }) => fetchClaim(claimId, signal),
  });

export function useClaim(claimId: string) {
  return useQuery(claimQueryOptions(claimId));
}

/** A step of the workflow: the claim's answer replaces it; the register's pages and the plan's list change. */
export function useMoveClaim(claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClaimStatusChangeInput) =>
      apiCall('changeClaimStatus', { params: { id: claimId }, body: input, quiet: true }).then((r) => r.data),
    onSuccess: (claim) => {
      queryClient.setQueryData(queryKeys.claims.one(claimId), claim);
      void queryClient.invalidateQueries({ queryKey: queryKeys.claims.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
