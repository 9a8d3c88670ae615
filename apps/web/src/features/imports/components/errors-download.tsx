import type { ImportJob } from '@portal/contract';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useImportFileDownload } from '../api/download-import-file.ts';

/**
 * The rows with errors as .xlsx (issue 26 item 5): the file's own rows with a first column saying what is wrong,
 * to fix and upload again. Offered once the dry run has checked the file, and after a commit (the API keeps those
 * rows); an import cancelled before its commit has no file left to take them from.
 */
export function ErrorsDownload({ job }: { job: ImportJob }) {
  const download = useImportFileDownload();
  const kept = job.status === 'checked' || job.committed_at !== null;
  if (job.counts.errors === 0 || !kept) return null;
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        busy={download.isPending}
        onClick={() => download.mutate({ kind: 'errors', id: job.id })}
      >
        {download.isPending ? null : <Download className="size-4" aria-hidden />}
        Download rows with errors (.xlsx)
      </Button>
      {download.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The file could not be downloaded
          {download.error instanceof ApiError ? `: ${download.error.message}` : '. Try again.'}
        </p>
      ) : null}
    </div>
  );
}
