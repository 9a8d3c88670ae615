import type { ImportHouseholdChange } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useStoreImport } from './get-import.ts';

/** Merges households into one (the first keeps its client) or splits one per holder; the dry run runs again. */
export async function changeImportHouseholds({
  id,
  body,
}: {
  id: string;
  body: Partial<ImportHouseholdChange>;
}) {
  return (
    await apiCall('changeImportHouseholds', {
      params: { id },
      body: { merges: body.merges ?? [], splits: body.splits ?? [] },
      quiet: true,
    })
  ).data;
}

export function useChangeImportHouseholds() {
  const store = useStoreImport();
  return useMutation({ mutationFn: changeImportHouseholds, onSuccess: store });
}
