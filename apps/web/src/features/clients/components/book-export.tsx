import type { BookSheetKey } from '@portal/contract';
import { Download, FileSpreadsheet } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useBookDownload } from '../api/download-book.ts';
import { useIsManager } from './client-assignment.tsx';

// The book's export on Registered Users (issue 26 item 7): the whole book as .xlsx, or a sheet as .csv, in the
// import's format. An agent's download holds the clients assigned to them (the API decides). While it streams the
// card says how much has arrived and offers Cancel; a failure says why and offers Try again.

const CSV_SHEETS: ReadonlyArray<{ sheet: BookSheetKey; label: string }> = [
  { sheet: 'clients', label: 'Clients' },
  { sheet: 'family_members', label: 'Family members' },
  { sheet: 'plans', label: 'Plans' },
];

/** Bytes as people read them: 820 KB, 3.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-IN')} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('en-IN', { maximumFractionDigits: 1 })} MB`;
}

const cancelled = (error: unknown) => (error as Error | null)?.name === 'AbortError';

export function BookExport() {
  const download = useBookDownload();
  // An agent's book is the clients assigned to them (issue 25); the owner's and an agency admin's the agency's.
  const manager = useIsManager();
  const chosen = download.variables;
  const which = chosen ? `${CSV_SHEETS.find((s) => s.sheet === chosen)?.label} (.csv)` : 'book (.xlsx)';
  return (
    <section
      aria-labelledby="book-export-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <FileSpreadsheet className="mt-0.5 size-5 shrink-0 text-primary-700" aria-hidden />
        <div>
          <h2 id="book-export-title" className="font-semibold text-slate-900">
            Export your book
          </h2>
          <p className="text-sm text-slate-600">
            {manager
              ? 'Every client, family member and plan with all their fields'
              : 'Your clients, their family members and plans with all their fields'}
            , in the format the import reads. PAN and Aadhaar stay masked.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <Button
          variant="secondary"
          busy={download.isPending && !chosen}
          disabled={download.isPending}
          onClick={() => download.mutate(undefined)}
        >
          {download.isPending && !chosen ? null : <Download className="size-4" aria-hidden />}
          Download book (.xlsx)
        </Button>
        {/* The label and its three sheets wrap together, so a narrow screen never strands the label. */}
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-600" id="book-export-csv">
            Or one sheet as .csv:
          </span>
          {CSV_SHEETS.map(({ sheet, label }) => (
            <Button
              key={sheet}
              variant="secondary"
              className="min-h-9 px-3 py-1"
              aria-describedby="book-export-csv"
              busy={download.isPending && chosen === sheet}
              disabled={download.isPending}
              onClick={() => download.mutate(sheet)}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>
      <div aria-live="polite" className="text-sm">
        {download.isPending ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="text-slate-700">
              {download.bytes === 0
                ? `Preparing your ${which}…`
                : `Downloading your ${which}: ${formatBytes(download.bytes)} received`}
            </p>
            <Button variant="ghost" className="min-h-8 px-2 py-1" onClick={download.cancel}>
              Cancel
            </Button>
          </div>
        ) : download.isSuccess ? (
          <p role="status" className="break-words text-green-800">
            Saved {download.data}.
          </p>
        ) : download.isError && cancelled(download.error) ? (
          <p role="status" className="text-slate-700">
            Download cancelled.
          </p>
        ) : null}
      </div>
      {download.isError && !cancelled(download.error) ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 px-3 py-2 text-sm"
        >
          <p className="text-red-800">
            The download of your {which} failed:{' '}
            {download.error instanceof ApiError
              ? download.error.message
              : 'the connection was lost before the file was complete.'}
          </p>
          <Button variant="secondary" className="min-h-8 py-1" onClick={() => download.mutate(chosen)}>
            Try again
          </Button>
        </div>
      ) : null}
    </section>
  );
}
