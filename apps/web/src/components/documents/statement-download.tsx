import { Download } from 'lucide-react';
import { useState } from 'react';
import { apiResponse } from '../../lib/api-client.ts';
import { notify } from '../../lib/toast.ts';
import { Button, type ButtonProps } from '../ui/button.tsx';
import { saveBlob } from './save-blob.ts';

// The family portfolio statement (issue 29 item 2, decision 047): a household's plans as a PDF the API writes
// and streams; the workspace's client record asks for a client's household, the client area for the client's own.

/** Whose statement: a client of the workspace, or the signed-in client's own household. */
export type StatementSource = { area: 'workspace'; clientId: string } | { area: 'client' };

/** The name the API gave the file (the exact UTF-8 one where it says it, a Hindi name too), else a plain one. */
export function statementFileName(disposition: string | null): string {
  const exact = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (exact?.[1]) {
    try {
      return decodeURIComponent(exact[1]);
    } catch {
      // A malformed name: the ASCII one below.
    }
  }
  const plain = disposition && /filename="([^"]+)"/.exec(disposition);
  return plain?.[1] ?? 'portfolio-statement.pdf';
}

/** A button that downloads the statement, busy while it comes, with an error toast when it fails. */
export function StatementDownload({
  source,
  children,
  variant = 'secondary',
  className,
}: {
  source: StatementSource;
  children: string;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const response =
        source.area === 'workspace'
          ? await apiResponse('householdStatement', { params: { id: source.clientId }, quiet: true })
          : await apiResponse('clientPortfolioStatement', { quiet: true });
      const blob = await response.blob();
      saveBlob(blob, statementFileName(response.headers.get('content-disposition')));
    } catch (err) {
      notify('error', `Download failed: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} busy={busy} className={className} onClick={() => void download()}>
      {busy ? null : <Download className="size-4" aria-hidden />}
      {children}
    </Button>
  );
}
