import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useStoreImport } from './get-import.ts';

/** Stops an import: a dry run or a commit stops after the household it is writing; the file's cells are deleted. */
export async function cancelImport(id: string) {
  return (await apiCall('cancelImport', { params: { id }, quiet: true })).data;
}

export function useCancelImport() {
  const store = useStoreImport();
  return useMutation({ mutationFn: cancelImport, onSuccess: store });
}
