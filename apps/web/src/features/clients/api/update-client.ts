import type { UpdatePrimaryClient } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useClientChanged } from './get-client.ts';

/** Replaces every field; a PAN or Aadhaar left out keeps the stored one (decision 008). */
export function updateClient(id: string, body: UpdatePrimaryClient) {
  return apiCall('updatePrimaryClient', { params: { id }, body, quiet: true });
}

/** The client's record and the lists that show their name and contact ask again. */
export function useUpdateClient(id: string) {
  const changed = useClientChanged(id);
  return useMutation({
    mutationFn: (body: UpdatePrimaryClient) => updateClient(id, body),
    onSuccess: changed,
  });
}
