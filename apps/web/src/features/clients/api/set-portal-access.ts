import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useClientChanged } from './get-client.ts';

/** Turns the client's portal on (with an initial password they must change) or off. */
export function setPortalAccess(id: string, enabled: boolean, initialPassword?: string) {
  return apiCall('setPortalAccess', {
    params: { id },
    body: { enabled, ...(initialPassword ? { initial_password: initialPassword } : {}) },
    quiet: true,
  });
}

/** The record's portal card and the lists' "Portal on/off" ask again. */
export function useSetPortalAccess(id: string) {
  const changed = useClientChanged(id);
  return useMutation({
    mutationFn: ({ enabled, initialPassword }: { enabled: boolean; initialPassword?: string }) =>
      setPortalAccess(id, enabled, initialPassword),
    onSuccess: changed,
  });
}
