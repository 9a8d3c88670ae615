import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// One-time links to choose a password (issue 24, decision 025): asking for one, checking one, using one.
// Their failures are shown by the forms, not by the client's toasts.

export function requestPasswordLink(email: string) {
  return apiCall('forgotPassword', { body: { email }, quiet: true });
}

export function useRequestPasswordLink() {
  return useMutation({ mutationFn: requestPasswordLink });
}

export function usePasswordLink(token: string) {
  return useQuery({
    queryKey: queryKeys.passwordLink(token),
    queryFn: ({ signal }) => apiCall('checkPasswordLink', { body: { token }, signal, quiet: true }),
    // A refused link stays refused; asking again cannot help.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSetPasswordWithLink() {
  return useMutation({
    mutationFn: (body: { token: string; new_password: string }) =>
      apiCall('setPasswordWithLink', { body, quiet: true }),
  });
}
