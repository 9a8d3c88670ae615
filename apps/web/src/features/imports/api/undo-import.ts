import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useStoreImport } from './get-import.ts';

/** Within 24 hours of the commit, removes what it created that nobody has changed since. */
export async function undoImport(id: string) {
  return (await apiCall('undoImport', { params: { id }, quiet: true })).data;
}

export function useUndoImport() {
  const store = useStoreImport();
  return useMutation({ mutationFn: undoImport, onSuccess: store });
}
