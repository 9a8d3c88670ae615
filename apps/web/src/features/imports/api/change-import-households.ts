import type { ImportHouseholdChange } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useStoreImport } from './get-import.ts';

// The agent's merges and splits of households (issue 26 item 4). The API takes the job's whole set of changes
// each time (the dry run runs again from the file with them), so a change is made to the set in force, which the
// households say: a merged one names the households it was made of, a split-off one the household it came from.

/** One change asked for on the households screen. */
export type HouseholdEdit =
  | { merge: string[] }
  | { unmerge: string }
  | { split: string }
  | { unsplit: string };

/** The most households a page answers (the contract's limit), so the set in force is read in few calls. */
const ALL_PAGE = 200;

/** The merges and splits in force, read from every household of the dry run. */
export async function householdChangesInForce(id: string): Promise<ImportHouseholdChange> {
  const merges: string[][] = [];
  const splits = new Set<string>();
  let after: string | undefined;
  do {
    const page = await apiCall('importHouseholds', {
      params: { id },
      query: { after, limit: ALL_PAGE },
      quiet: true,
    });
    for (const h of page.data) {
      if (h.merged_from.length > 1) merges.push(h.merged_from);
      if (h.split_from) splits.add(h.split_from);
    }
    after = page.next ?? undefined;
  } while (after);
  return { merges, splits: [...splits] };
}

/**
 * The set with one change made. Merging a household that is already a merge takes in its whole group, so the
 * households end up one group, the first named keeping its client.
 */
export function withEdit(current: ImportHouseholdChange, edit: HouseholdEdit): ImportHouseholdChange {
  const groupOf = (key: string) => current.merges.find((g) => g.includes(key));
  if ('merge' in edit) {
    const touched = new Set(edit.merge.map(groupOf).filter((g): g is string[] => g !== undefined));
    const keys = [...new Set(edit.merge.flatMap((k) => groupOf(k) ?? [k]))];
    return { merges: [...current.merges.filter((g) => !touched.has(g)), keys], splits: current.splits };
  }
  if ('unmerge' in edit) {
    return { merges: current.merges.filter((g) => !g.includes(edit.unmerge)), splits: current.splits };
  }
  if ('split' in edit) {
    return { merges: current.merges, splits: [...new Set([...current.splits, edit.split])] };
  }
  return { merges: current.merges, splits: current.splits.filter((k) => k !== edit.unsplit) };
}

/** Makes one change to the households; the dry run runs again with the new set. */
export async function changeImportHouseholds({ id, edit }: { id: string; edit: HouseholdEdit }) {
  const body = withEdit(await householdChangesInForce(id), edit);
  return (await apiCall('changeImportHouseholds', { params: { id }, body, quiet: true })).data;
}

export function useChangeImportHouseholds() {
  const store = useStoreImport();
  return useMutation({ mutationFn: changeImportHouseholds, onSuccess: store });
}
