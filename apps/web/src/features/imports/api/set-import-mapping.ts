import type { ImportMappingInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useStoreImport } from './get-import.ts';

/** Each sheet's kind and each column's field (and whether to remember them); the dry run runs again. */
export async function setImportMapping({ id, body }: { id: string; body: ImportMappingInput }) {
  return (await apiCall('setImportMapping', { params: { id }, body, quiet: true })).data;
}

export function useSetImportMapping() {
  const store = useStoreImport();
  return useMutation({ mutationFn: setImportMapping, onSuccess: store });
}
