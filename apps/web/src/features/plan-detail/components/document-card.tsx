import { DOCUMENT_MAX_BYTES, DOCUMENT_MIN_BYTES, type WorkspacePlanDetail } from '@portal/contract';
import { Download, Eye, FileText, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { PdfViewer } from '../../../components/documents/pdf-viewer.tsx';
import { saveBlob } from '../../../components/documents/save-blob.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { fetchPlanDocument, usePlanDocument } from '../api/get-plan-document.ts';
import { useReplacePlanDocument } from '../api/replace-plan-document.ts';
import { planFileName } from './plan-files.ts';
import { formatBytes } from './plan-info.ts';

/** The PDF's own rules before upload; the API checks the content again (decisions §5). */
export function pdfFileError(file: File): string | null {
  const looksPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!looksPdf) return 'Plan File must be a PDF file.';
  if (file.size < DOCUMENT_MIN_BYTES) return 'Plan File is empty or damaged: choose the PDF again.';
  if (file.size > DOCUMENT_MAX_BYTES) return 'Plan File must be at most 10 MiB.';
  return null;
}

/** The plan's document: view in a modal, download, and replace with a new PDF (confirmed). */
export function DocumentCard({
  plan,
  onChanged,
}: {
  plan: WorkspacePlanDetail;
  /** Told of the plan with its new PDF; the cache already holds it. */
  onChanged?: (plan: WorkspacePlanDetail) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [viewing, setViewing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [pending, setPending] = useState<File | null>(null);
  const replace = useReplacePlanDocument(plan.plan_id);
  const uploading = replace.isPending;
  const [error, setError] = useState<string | null>(null);
  const doc = plan.document;
  const name = planFileName(plan.policy_number);
  // The PDF's bytes while the viewer is open; a replaced PDF is fetched again under its new id.
  const pdf = usePlanDocument(plan.plan_id, doc?.document_id ?? 'none', viewing);

  const download = async (blob?: Blob) => {
    if (blob) {
      saveBlob(blob, name);
      return;
    }
    setDownloading(true);
    try {
      saveBlob(await fetchPlanDocument(plan.plan_id), name);
    } catch (err) {
      notify('error', `Download failed: ${(err as Error).message}`);
    } finally {
      setDownloading(false);
    }
  };

  const upload = async (file: File) => {
    setPending(null);
    setError(null);
    try {
      const answer = await replace.mutateAsync(file);
      notify('success', answer.message);
      onChanged?.(answer.data);
    } catch (err) {
      const message =
        err instanceof ApiError ? (err.fields.file ?? err.message) : 'The PDF could not be uploaded.';
      setError(message);
      notify('error', message);
    }
  };

  const chosen = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = pdfFileError(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    if (doc) setPending(file);
    else void upload(file);
  };

  return (
    <Card title="Document" region>
      {doc ? (
        <div className="flex items-start gap-3">
          <FileText className="mt-0.5 size-8 shrink-0 text-primary-700" aria-hidden />
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{doc.original_name ?? name}</p>
            <p className="text-sm text-slate-500">
              PDF · {formatBytes(doc.size_bytes)} · saved as {name}
            </p>
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          No document yet. Upload the policy or statement as a PDF (at most 10 MiB).
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {doc ? (
          <>
            <Button variant="secondary" onClick={() => setViewing(true)}>
              <Eye className="size-4" aria-hidden /> View
            </Button>
            <Button variant="secondary" busy={downloading} onClick={() => void download()}>
              <Download className="size-4" aria-hidden /> Download
            </Button>
          </>
        ) : null}
        <Button variant="secondary" busy={uploading} onClick={() => input.current?.click()}>
          <Upload className="size-4" aria-hidden /> {doc ? 'Replace' : 'Upload PDF'}
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          tabIndex={-1}
          aria-label={doc ? 'Replace the plan document' : 'Upload the plan document'}
          onChange={(e) => chosen(e.target.files?.[0])}
        />
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}

      <PdfViewer
        name={name}
        blob={pdf.data}
        error={pdf.isError && !pdf.isFetching ? pdf.error.message : null}
        open={viewing}
        onOpenChange={setViewing}
        onDownload={(blob) => void download(blob)}
        downloading={downloading}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Replace the plan’s PDF?"
        description={`${pending?.name ?? 'The new file'} takes the place of ${doc?.original_name ?? name}. The old file is kept in the records but no longer shown or downloadable here.`}
        confirmLabel="Replace"
        destructive
        onConfirm={() => pending && void upload(pending)}
      />
    </Card>
  );
}
