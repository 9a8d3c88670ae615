import { Download, ExternalLink } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { useUiText } from '../ui/ui-text.tsx';
import { useBlobUrl } from './use-blob-url.ts';
import { ViewerBody, ViewerDialog, ViewerFailure, ViewerHeader, ViewerLoading } from './viewer-dialog.tsx';

// The PDF viewer (spec §2 plan details, §4 viewer states, §8 viewer errors): loading, then the document or
// 'Cannot Load Document' with the reason and 'Download Instead'; Open in new tab, Download and Close. The feature
// loads the bytes (only while the viewer is open) and saves them; the viewer shows what it is given.

export interface PdfViewerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The file's name, shown as the title. */
  name: string;
  /** The PDF's bytes, once loaded. */
  blob?: Blob | null | undefined;
  /** Why the bytes could not be had (spec §8's words); the viewer then offers Download Instead. */
  error?: string | null | undefined;
  /** Saves the PDF: the bytes already loaded, or fetched again when there are none. */
  onDownload: (blob?: Blob) => void;
  /** A Download Instead in progress. */
  downloading: boolean;
}

function Viewer({
  name,
  blob,
  error,
  onDownload,
  downloading,
}: Omit<PdfViewerProps, 'open' | 'onOpenChange'>) {
  // The iframe's address for the bytes, released when the viewer closes or other bytes come.
  const url = useBlobUrl(error ? null : blob);
  const text = useUiText();
  return (
    <>
      <ViewerHeader
        title={error ? text.cannotLoadDocument : name}
        actions={
          blob && url ? (
            <>
              <Button variant="secondary" onClick={() => window.open(url, '_blank', 'noopener')}>
                <ExternalLink className="size-4" aria-hidden /> {text.openInNewTab}
              </Button>
              <Button variant="secondary" onClick={() => onDownload(blob)}>
                <Download className="size-4" aria-hidden /> {text.download}
              </Button>
            </>
          ) : null
        }
      />
      <ViewerBody>
        {error ? (
          <ViewerFailure
            message={error}
            action={
              <Button onClick={() => onDownload()} busy={downloading}>
                <Download className="size-4" aria-hidden /> {text.downloadInstead}
              </Button>
            }
          />
        ) : url ? (
          <iframe
            title={`${text.document} ${name}`}
            src={url}
            className="min-h-0 w-full flex-1 border-0 bg-white"
          />
        ) : (
          <ViewerLoading />
        )}
      </ViewerBody>
    </>
  );
}

export function PdfViewer({ open, onOpenChange, ...rest }: PdfViewerProps) {
  return (
    <ViewerDialog open={open} onOpenChange={onOpenChange}>
      <Viewer {...rest} />
    </ViewerDialog>
  );
}
