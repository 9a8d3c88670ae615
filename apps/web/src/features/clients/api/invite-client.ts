import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useClientChanged } from './get-client.ts';

/** Invites the client to the portal (issue 24 item 2): access on, a one-time link e-mailed, a WhatsApp link. */
export function inviteClient(id: string) {
  return apiCall('invitePrimaryClient', { params: { id }, quiet: true });
}

/** The record's portal card and the lists' "Portal on/off" ask again. */
export function useInviteClient(id: string) {
  const changed = useClientChanged(id);
  return useMutation({ mutationFn: () => inviteClient(id), onSuccess: changed });
}
