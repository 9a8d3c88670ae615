import type { SecondaryClient, UpdateSecondaryClient } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function updateMember(id: string, body: UpdateSecondaryClient) {
  return apiCall('updateSecondaryClient', { params: { id }, body, quiet: true });
}

/** The member as saved is what the detail shows; their client's record and the family view show them too. */
export function useMemberSaved() {
  const queryClient = useQueryClient();
  return (member: SecondaryClient) => {
    queryClient.setQueryData(queryKeys.secondaryClients.detail(member.secondary_client_id), member);
    void queryClient.invalidateQueries({
      queryKey: queryKeys.primaryClients.detail(member.primary_client_id),
    });
    void queryClient.invalidateQueries({ queryKey: queryKeys.families });
  };
}

export function useUpdateMember() {
  const saved = useMemberSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSecondaryClient }) => updateMember(id, body),
    onSuccess: (answer) => saved(answer.data),
  });
}
