import { type ClaimDocument, DOCUMENT_MAX_BYTES, DOCUMENT_MIN_BYTES } from '@portal/contract';
import { CheckCircle2, Circle, Download, Undo2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { saveBlob } from '../../../components/documents/save-blob.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState, Skeleton } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import {
  type ChecklistChange,
  fetchClaimDocumentFile,
  useChangeClaimDocument,
  useClaimDocuments,
} from '../api/claim-documents.ts';

// A claim's document checklist (issue 28 item 3, decision 045): each item its kind needs, uploaded (PDF or a
// photo, checked again by the API) or marked received on paper, or pending; marking one pending is confirmed.

const card = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm';
const ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp,.pdf,.png,.jpg,.jpeg,.webp';
const TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'];

/** The file's own rules before upload; the API checks its content again (decisions §5). */
export function checklistFileError(file: File, label: string): string | null {
  const typed = TYPES.includes(file.type) || /\.(pdf|png|jpe?g|webp)$/i.test(file.name);
  if (!typed) return `${label} must be a PDF, PNG, JPEG or WebP file.`;
  if (file.size < DOCUMENT_MIN_BYTES) return `${label} is empty or damaged: choose the file again.`;
  if (file.size > DOCUMENT_MAX_BYTES) return `${label} must be at most 10 MiB.`;
  return null;
}

export function ClaimChecklist({ claimId }: { claimId: string }) {
  const documents = useClaimDocuments(claimId);
  const change = useChangeClaimDocument(claimId);
  const [working, setWorking] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [unmarking, setUnmarking] = useState<ClaimDocument | null>(null);

  const run = async (doc: ClaimDocument, next: ChecklistChange) => {
    setWorking(doc.item);
    setErrors((e) => ({ ...e, [doc.item]: '' }));
    try {
      const answer = await change.mutateAsync(next);
      if (answer.message) notify('success', answer.message);
    } catch (err) {
      const message =
        err instanceof ApiError
          ? (err.fields.file ?? err.fields.received_on ?? err.message)
          : `${doc.label} could not be saved.`;
      setErrors((e) => ({ ...e, [doc.item]: message }));
      notify('error', message);
    } finally {
      setWorking(null);
    }
  };

  let body: React.ReactNode;
  if (documents.isPending) {
    body = (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  } else if (documents.isError) {
    body = (
      <ErrorState title="We could not load the checklist" onRetry={() => void documents.refetch()}>
        Check your connection and try again.
      </ErrorState>
    );
  } else {
    const items = documents.data.documents;
    const received = items.filter((d) => d.received_on !== null).length;
    body = (
      <>
        <div className="mb-3 flex items-center gap-3">
          <p className="text-sm text-slate-700" aria-live="polite">
            {received} of {items.length} received
          </p>
          <div
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label="Documents received"
            aria-valuemin={0}
            aria-valuemax={items.length}
            aria-valuenow={received}
          >
            <div
              className="h-full rounded-full bg-emerald-500"
              style={{ width: `${items.length ? (received / items.length) * 100 : 0}%` }}
            />
          </div>
        </div>
        <ul className="divide-y divide-slate-100">
          {items.map((d) => (
            <ChecklistRow
              key={d.item}
              claimId={claimId}
              doc={d}
              busy={working === d.item}
              error={errors[d.item] || null}
              onChange={(next) => void run(d, next)}
              onUnmark={() => setUnmarking(d)}
              onInvalid={(message) => setErrors((e) => ({ ...e, [d.item]: message }))}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <section aria-labelledby="claim-documents" className={card}>
      <h3 id="claim-documents" className="mb-1 text-base font-semibold text-slate-900">
        Documents
      </h3>
      <p className="mb-4 text-sm text-slate-600">
        What the insurer asks for on this kind of claim. Upload a PDF or a photo, or mark a paper copy
        received.
      </p>
      {body}
      <ConfirmDialog
        open={unmarking !== null}
        onOpenChange={(open) => {
          if (!open) setUnmarking(null);
        }}
        title={`Mark ${unmarking?.label.toLowerCase() ?? 'this document'} pending?`}
        description={
          unmarking?.file
            ? 'Its uploaded file will be hidden from the claim (it stays in the record).'
            : 'The claim will show it as still to be collected.'
        }
        confirmLabel="Mark pending"
        destructive
        onConfirm={() => {
          if (unmarking) void run(unmarking, { item: unmarking.item, action: 'pending' });
          setUnmarking(null);
        }}
      />
    </section>
  );
}

function ChecklistRow({
  claimId,
  doc,
  busy,
  error,
  onChange,
  onUnmark,
  onInvalid,
}: {
  claimId: string;
  doc: ClaimDocument;
  busy: boolean;
  error: string | null;
  onChange: (change: ChecklistChange) => void;
  onUnmark: () => void;
  onInvalid: (message: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [downloading, setDownloading] = useState(false);
  const received = doc.received_on !== null;
  const inputId = `claim-doc-${doc.item}`;

  const chosen = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checklistFileError(file, doc.label);
    if (problem) onInvalid(problem);
    else onChange({ item: doc.item, action: 'receive', file });
  };

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await fetchClaimDocumentFile(claimId, doc.item), doc.file?.name ?? `${doc.item}.pdf`);
    } catch (err) {
      notify('error', `Download failed: ${(err as Error).message}`);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-2.5">
        {received ? (
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
        ) : (
          <Circle className="mt-0.5 size-5 shrink-0 text-slate-300" aria-hidden />
        )}
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{doc.label}</p>
          <p className="text-xs break-words text-slate-500">
            {received ? `Received ${formatDate(doc.received_on as string)}` : 'Pending'}
            {doc.file ? ` · ${doc.file.name ?? 'file uploaded'}` : received ? ' · paper copy' : ''}
          </p>
          {error ? (
            <p className="mt-1 text-sm text-red-700" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 [&>button]:px-3">
        {doc.file ? (
          <Button
            variant="secondary"
            busy={downloading}
            onClick={() => void download()}
            aria-label={`Download ${doc.label}`}
          >
            <Download className="size-4" aria-hidden /> Download
          </Button>
        ) : null}
        <Button
          variant="secondary"
          busy={busy}
          onClick={() => input.current?.click()}
          aria-label={`${doc.file ? 'Replace' : 'Upload'} ${doc.label}`}
        >
          <Upload className="size-4" aria-hidden /> {doc.file ? 'Replace' : 'Upload'}
        </Button>
        {received ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={onUnmark}
            aria-label={`Mark ${doc.label} pending`}
          >
            <Undo2 className="size-4" aria-hidden /> Mark pending
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => onChange({ item: doc.item, action: 'receive' })}
            aria-label={`Mark ${doc.label} received`}
          >
            <CheckCircle2 className="size-4" aria-hidden /> Mark received
          </Button>
        )}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={`File for ${doc.label}`}
          onChange={(e) => chosen(e.target.files?.[0])}
        />
      </div>
    </li>
  );
}
