import { AlertCircle, Download, ExternalLink, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as Dialog from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePlanDocument } from '../api/get-plan-document.ts';

// The PDF viewer (spec §2 plan details, §4 viewer states): loading, then the document or 'Cannot Load
// Document' with the reason and 'Download Instead'; Open in new tab, Download and Close.

export interface PdfViewerProps {
  planId: string;
  /** The file's name, shown as the title. */
  name: string;
  /** A key that changes when the document does, so a replaced PDF is fetched again. */
  version: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Saves the PDF: the bytes already loaded, or fetched again when there are none. */
  onDownload: (blob?: Blob) => void;
  downloading: boolean;
}

function ViewerBody({
  planId,
  name,
  version,
  onClose,
  onDownload,
  downloading,
}: Omit<PdfViewerProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const pdf = usePlanDocument(planId, version);
  const blob = pdf.data;
  // The iframe's address for the bytes, released when the viewer closes or other bytes come.
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [blob]);
  const failed = pdf.isError && !pdf.isFetching;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
        <Dialog.Title className="min-w-0 truncate text-lg font-semibold text-slate-900">
          {failed ? 'Cannot Load Document' : name}
        </Dialog.Title>
        <div className="flex flex-wrap items-center gap-2">
          {blob && url ? (
            <>
              <Button variant="secondary" onClick={() => window.open(url, '_blank', 'noopener')}>
                <ExternalLink className="size-4" aria-hidden /> Open in new tab
              </Button>
              <Button variant="secondary" onClick={() => onDownload(blob)}>
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
        {failed ? (
          <div
            role="alert"
            className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center"
          >
            <AlertCircle className="size-10 text-red-600" aria-hidden />
            <p className="max-w-md text-slate-800">{pdf.error?.message}</p>
            <Button onClick={() => onDownload()} busy={downloading}>
              <Download className="size-4" aria-hidden /> Download Instead
            </Button>
          </div>
        ) : url ? (
          <iframe title={`Document ${name}`} src={url} className="min-h-0 w-full flex-1 border-0 bg-white" />
        ) : (
          <div className="flex flex-1 items-center justify-center gap-3 text-slate-600">
            <Spinner label="Loading document" /> Loading document…
          </div>
        )}
      </div>
    </>
  );
}

/** A large dialog that traps focus and closes on Escape (visual language). */
export function PdfViewer({ open, onOpenChange, ...rest }: PdfViewerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-xl bg-white shadow-xl sm:inset-6 lg:inset-x-[8vw]"
        >
          {open ? <ViewerBody {...rest} onClose={() => onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
