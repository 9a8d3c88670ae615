import type { SecondaryDocumentKind } from '@portal/contract';
import { Download, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as Dialog from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMemberDocument } from '../api/get-member-document.ts';
import { DOCUMENT_LABELS } from './document-rules.ts';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** "Asha Iyer - Aadhaar.pdf": whose document and which, whatever the uploaded file was called. */
export function documentFileName(memberName: string, kind: SecondaryDocumentKind, mime: string): string {
  const who = memberName.replace(/[^\p{L}\p{N} .-]/gu, '').trim() || 'Family member';
  return `${who} - ${DOCUMENT_LABELS[kind]}.${EXTENSIONS[mime] ?? 'bin'}`;
}

/** Saves bytes under a name; the object URL is released 1 s later (spec §9). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface DocumentPreviewProps {
  memberId: string;
  memberName: string;
  kind: SecondaryDocumentKind;
  mime: string;
  /** Changes when the document is replaced, so a new one is fetched. */
  documentId: string;
  onClose: () => void;
}

/** Spec §2: a preview with download; PDFs and images only, anything else 'Preview not supported'. */
export function DocumentPreview({
  memberId,
  memberName,
  kind,
  mime,
  documentId,
  onClose,
}: DocumentPreviewProps) {
  const bytes = useMemberDocument(memberId, kind, documentId);
  const blob = bytes.data;
  // The preview's address for the bytes, released when it closes or other bytes come.
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || blob.size === 0) return;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [blob]);
  const failure =
    bytes.isError && !bytes.isFetching
      ? `Document not available: ${bytes.error instanceof ApiError ? bytes.error.message : 'it could not be loaded.'}`
      : blob?.size === 0
        ? 'Document not available. File may be missing.'
        : null;
  const title = `${DOCUMENT_LABELS[kind]} · ${memberName}`;
  const fileName = documentFileName(memberName, kind, mime);
  const isPdf = mime === 'application/pdf';
  const isImage = mime.startsWith('image/');

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="min-w-0 truncate text-lg font-semibold text-slate-900">
              {title}
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto bg-slate-50 p-4">
            {failure ? (
              <p role="alert" className="py-10 text-center text-red-800">
                {failure}
              </p>
            ) : !url ? (
              <div className="flex h-64 items-center justify-center text-slate-600">
                <Spinner label="Loading document" />
              </div>
            ) : isImage ? (
              <img
                src={url}
                alt={title}
                className="mx-auto max-h-[65dvh] w-auto rounded-md object-contain shadow-sm"
              />
            ) : isPdf ? (
              <iframe
                src={url}
                title={title}
                className="h-[65dvh] w-full rounded-md border border-slate-200 bg-white"
              />
            ) : (
              <p className="py-10 text-center text-slate-600">Preview not supported</p>
            )}
          </div>
          <div className="flex justify-end gap-3 border-t border-slate-200 px-5 py-4">
            <Dialog.Close asChild>
              <Button variant="secondary">Close</Button>
            </Dialog.Close>
            {url && !failure ? (
              <a
                href={url}
                download={fileName}
                className="inline-flex min-h-10 items-center justify-center gap-2 rounded-md bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800"
              >
                <Download className="size-4" aria-hidden /> Download
              </a>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
