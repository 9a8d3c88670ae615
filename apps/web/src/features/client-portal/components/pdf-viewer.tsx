import { useMutation } from '@tanstack/react-query';
import { AlertCircle, Download, ExternalLink, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import * as Dialog from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/toast.ts';
import { fetchPlanDocument, usePlanDocument } from '../api/get-plan-document.ts';
import { useObjectUrl } from './document-preview.tsx';
import { documentFileName } from './plan-rules.ts';
import { saveBlob } from './save-blob.ts';

// The PDF viewer (spec §2 Plan details, §4 viewer states, §8 viewer errors): loading, then the document or
// 'Cannot Load Document' with the reason and 'Download Instead'; Open in new tab, Download and Close.

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

function ViewerBody({ plan, onClose }: { plan: DocumentPlan; onClose: () => void }) {
  const pdf = usePlanDocument(plan, true);
  const url = useObjectUrl(pdf.data);
  const { download, busy } = useDocumentDownload(plan);
  const name = documentFileName(plan);
  const view =
    pdf.isSuccess && url
      ? { status: 'loaded' as const, blob: pdf.data, url }
      : pdf.isError
        ? { status: 'error' as const, message: pdf.error.message }
        : { status: 'loading' as const };

  const failed = view.status === 'error';
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
        <Dialog.Title className="min-w-0 truncate text-lg font-semibold text-slate-900">
          {failed ? 'Cannot Load Document' : name}
        </Dialog.Title>
        <div className="flex flex-wrap items-center gap-2">
          {view.status === 'loaded' ? (
            <>
              <Button variant="secondary" onClick={() => window.open(view.url, '_blank', 'noopener')}>
                <ExternalLink className="size-4" aria-hidden /> Open in new tab
              </Button>
              <Button variant="secondary" onClick={() => download(view.blob)}>
                <Download className="size-4" aria-hidden /> Download
              </Button>
            </>
          ) : null}
          <Button variant="ghost" onClick={onClose}>
            <X className="size-4" aria-hidden /> Close
          </Button>
        </div>
      </div>
      <div className="flex min-h-0 flex-1 flex-col bg-slate-100">
        {view.status === 'loading' ? (
          <div className="flex flex-1 items-center justify-center gap-3 text-slate-600">
            <Spinner label="Loading document" /> Loading document…
          </div>
        ) : view.status === 'error' ? (
          <div
            role="alert"
            className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center"
          >
            <AlertCircle className="size-10 text-red-600" aria-hidden />
            <p className="max-w-md text-slate-800">{view.message}</p>
            <Button onClick={() => download()} busy={busy}>
              <Download className="size-4" aria-hidden /> Download Instead
            </Button>
          </div>
        ) : (
          <iframe
            title={`Document ${name}`}
            src={view.url}
            className="min-h-0 w-full flex-1 border-0 bg-white"
          />
        )}
      </div>
    </>
  );
}

export function PdfViewer({
  plan,
  open,
  onOpenChange,
}: {
  plan: DocumentPlan;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-xl bg-white shadow-xl sm:inset-6 lg:inset-x-[8vw]"
        >
          {open ? <ViewerBody plan={plan} onClose={() => onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
