import { useMutation } from '@tanstack/react-query';
import { saveBlob } from '../../../components/documents/save-blob.ts';
import { notify } from '../../../lib/toast.ts';
import { fetchPlanDocument } from '../api/get-plan-document.ts';
import { documentFileName } from './plan-rules.ts';
import { usePlansT } from './plan-words.ts';

// A plan's PDF in the client area (spec §2 Plan details, §8 viewer errors): fetched and checked each time the
// viewer opens, saved under the spec's name.

export interface DocumentPlan {
  plan_type: string;
  id: string;
  policy_number: string;
  plan_name: string;
}

/** Fetches the plan's PDF and saves it under the spec's name; a failure says 'Download failed: …' (§8). */
export function useDocumentDownload(plan: DocumentPlan) {
  const t = usePlansT();
  const save = useMutation({
    mutationFn: async (blob?: Blob) =>
      saveBlob(blob ?? (await fetchPlanDocument(plan)), documentFileName(plan)),
    onError: (err) => notify('error', t('downloadFailed', { reason: err.message })),
  });
  return { download: (blob?: Blob) => save.mutate(blob), busy: save.isPending };
}
