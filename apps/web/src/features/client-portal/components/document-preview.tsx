import type { LinkedDocument, SecondaryDocumentKind } from '@portal/contract';
import { Download, Eye, FileText, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as Dialog from '../../../components/ui/dialog.tsx';
import { useMemberDocument } from '../api/get-member-document.ts';
import { saveBlob } from './save-blob.ts';

// A family member's documents (spec §2 Secondary client detail): each opens a preview with a download, or
// says 'Not available'. The preview shows PDFs and images only; anything else says 'Preview not supported'.
// The list names each document; its bytes are downloaded when its preview opens (issue 23 item 9).

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** An object URL of `blob` while it is given and `active`, released afterwards. */
export function useObjectUrl(blob: Blob | undefined, active = true): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || !active) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob, active]);
  return url;
}

export type PreviewKind = 'pdf' | 'image' | 'unsupported';

export function previewKind(mime: string): PreviewKind {
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('image/')) return 'image';
  return 'unsupported';
}

function PreviewDialog({
  memberId,
  kind: documentKind,
  doc,
  title,
  fileName,
  open,
  onOpenChange,
}: {
  memberId: string;
  kind: SecondaryDocumentKind;
  doc: LinkedDocument;
  title: string;
  fileName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const file = useMemberDocument(memberId, documentKind, open);
  const blob = file.data;
  const url = useObjectUrl(blob, open);
  const kind = previewKind(doc.mime);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-xl bg-white shadow-xl sm:inset-6 lg:inset-x-[12vw]"
        >
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
            <Dialog.Title className="min-w-0 truncate text-lg font-semibold text-slate-900">
              {title}
            </Dialog.Title>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                disabled={!blob}
                onClick={() => (blob ? saveBlob(blob, fileName) : undefined)}
              >
                <Download className="size-4" aria-hidden /> Download
              </Button>
              <Dialog.Close asChild>
                <Button variant="ghost">
                  <X className="size-4" aria-hidden /> Close
                </Button>
              </Dialog.Close>
            </div>
          </div>
          <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto bg-slate-100 p-2">
            {file.isError ? (
              <p role="alert" className="text-red-800">
                Failed to fetch documents
              </p>
            ) : !url ? (
              <p role="status" className="text-slate-600">
                Loading document...
              </p>
            ) : kind === 'pdf' ? (
              <iframe title={`${title} preview`} src={url} className="h-full w-full border-0 bg-white" />
            ) : kind === 'image' ? (
              <img src={url} alt={`${title} preview`} className="max-h-full max-w-full object-contain" />
            ) : (
              <p className="text-slate-700">Preview not supported</p>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function DocumentTile({
  memberId,
  kind,
  label,
  doc,
  ownerName,
}: {
  memberId: string;
  kind: SecondaryDocumentKind;
  label: string;
  doc: LinkedDocument | null;
  ownerName: string;
}) {
  const [open, setOpen] = useState(false);
  const fileName = `${ownerName} - ${label}.${doc ? (EXTENSIONS[doc.mime] ?? 'bin') : 'bin'}`;
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-600">
          <FileText className="size-4" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{label}</p>
          <p className="text-xs text-slate-500">
            {doc ? (previewKind(doc.mime) === 'pdf' ? 'PDF document' : 'Image') : 'Not available'}
          </p>
        </div>
      </div>
      {doc ? (
        <>
          <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`Preview ${label}`}>
            <Eye className="size-4" aria-hidden /> Preview
          </Button>
          <PreviewDialog
            memberId={memberId}
            kind={kind}
            doc={doc}
            title={`${label} · ${ownerName}`}
            fileName={fileName}
            open={open}
            onOpenChange={setOpen}
          />
        </>
      ) : null}
    </li>
  );
}
