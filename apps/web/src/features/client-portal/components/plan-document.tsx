import { useMutation } from '@tanstack/react-query';
import { PdfViewer } from '../../../components/documents/pdf-viewer.tsx';
import { saveBlob } from '../../../components/documents/save-blob.ts';
import { notify } from '../../../lib/toast.ts';
import { fetchPlanDocument, usePlanDocument } from '../api/get-plan-document.ts';
import { documentFileName } from './plan-rules.ts';

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
  const save = useMutation({
    mutationFn: async (blob?: Blob) =>
      saveBlob(blob ?? (await fetchPlanDocument(plan)), documentFileName(plan)),
    onError: (err) => notify('error', `Download failed: ${err.message}`),
  });
  return { download: (blob?: Blob) => save.mutate(blob), busy: save.isPending };
}

/** The viewer of the plan's PDF; the bytes are fetched while it is open and let go when it closes. */
export function PlanDocumentViewer({
  plan,
  open,
  onOpenChange,
}: {
  plan: DocumentPlan;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const pdf = usePlanDocument(plan, open);
  const { download, busy } = useDocumentDownload(plan);
  return (
    <PdfViewer
      open={open}
      onOpenChange={onOpenChange}
      name={documentFileName(plan)}
      blob={pdf.isSuccess ? pdf.data : null}
      error={pdf.isError ? pdf.error.message : null}
      onDownload={download}
      downloading={busy}
    />
  );
}
