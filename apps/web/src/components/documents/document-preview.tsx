import { Download } from 'lucide-react';
import { useUiText } from '../ui/ui-text.tsx';
import { useBlobUrl } from './use-blob-url.ts';
import {
  SECONDARY_LINK_CLASS,
  ViewerBody,
  ViewerDialog,
  ViewerFailure,
  ViewerHeader,
  ViewerLoading,
} from './viewer-dialog.tsx';

// A document's preview with a download (spec §2 Secondary client detail: PDFs and images only, anything else
// 'Preview not supported'). The feature loads the bytes while the preview is open and says why they failed.

export type PreviewKind = 'pdf' | 'image' | 'unsupported';

export function previewKind(mime: string): PreviewKind {
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('image/')) return 'image';
  return 'unsupported';
}

export interface DocumentPreviewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title: which document and whose. */
  title: string;
  /** The accessible name of the image or frame showing the document; the title unless given. */
  mediaLabel?: string;
  /** The stored file's type, which decides how it is shown. */
  mime: string;
  /** The bytes, once loaded. */
  blob?: Blob | null | undefined;
  /** Why the bytes could not be had; shown instead of the document. */
  error?: string | null | undefined;
  /** The name the download is saved under. */
  fileName: string;
}

function Preview({
  title,
  mediaLabel = title,
  mime,
  blob,
  error,
  fileName,
}: Omit<DocumentPreviewProps, 'open' | 'onOpenChange'>) {
  // The bytes' address for the preview and the download link, released when the preview closes.
  const url = useBlobUrl(error ? null : blob);
  const kind = previewKind(mime);
  const text = useUiText();
  return (
    <>
      <ViewerHeader
        title={title}
        actions={
          url ? (
            <a href={url} download={fileName} className={SECONDARY_LINK_CLASS}>
              <Download className="size-4" aria-hidden /> {text.download}
            </a>
          ) : null
        }
      />
      <ViewerBody>
        {error ? (
          <ViewerFailure message={error} />
        ) : !url ? (
          <ViewerLoading />
        ) : kind === 'pdf' ? (
          <iframe title={mediaLabel} src={url} className="min-h-0 w-full flex-1 border-0 bg-white" />
        ) : kind === 'image' ? (
          <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto p-2">
            <img src={url} alt={mediaLabel} className="max-h-full max-w-full object-contain" />
          </div>
        ) : (
          <p className="flex flex-1 items-center justify-center p-6 text-slate-700">
            {text.previewNotSupported}
          </p>
        )}
      </ViewerBody>
    </>
  );
}

export function DocumentPreview({ open, onOpenChange, ...rest }: DocumentPreviewProps) {
  return (
    <ViewerDialog open={open} onOpenChange={onOpenChange}>
      <Preview {...rest} />
    </ViewerDialog>
  );
}
