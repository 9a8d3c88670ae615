import { PdfViewer } from '../../../components/documents/pdf-viewer.tsx';
import { usePlanDocument } from '../api/get-plan-document.ts';
import { type DocumentPlan, useDocumentDownload } from './plan-document.tsx';
import { documentFileName } from './plan-rules.ts';

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
