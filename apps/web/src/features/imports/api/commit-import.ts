import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useStoreImport } from './get-import.ts';

/** Writes the dry run's valid rows in the background (one import per agency at a time); errors are skipped. */
export async function commitImport(id: string) {
  return (await apiCall('commitImport', { params: { id }, quiet: true })).data;
}

export function useCommitImport() {
  const store = useStoreImport();
  return useMutation({ mutationFn: commitImport, onSuccess: store });
}
