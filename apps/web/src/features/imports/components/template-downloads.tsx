import type { BookSheetKey } from '@portal/contract';
import { Download, FileSpreadsheet } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type ImportFile, useImportFileDownload } from '../api/download-import-file.ts';

const CSV_SHEETS: ReadonlyArray<{ sheet: BookSheetKey; label: string }> = [
  { sheet: 'clients', label: 'Clients' },
  { sheet: 'family_members', label: 'Family members' },
  { sheet: 'plans', label: 'Plans' },
];

const same = (a: ImportFile | undefined, b: ImportFile) =>
  a?.kind === b.kind && (a.kind !== 'template-csv' || b.kind !== 'template-csv' || a.sheet === b.sheet);

/** The template (issue 26 item 1): the book's three sheets as .xlsx with drop-downs and instructions, or a .csv each. */
export function TemplateDownloads() {
  const download = useImportFileDownload();
  const busy = (file: ImportFile) => download.isPending && same(download.variables, file);
  const xlsx: ImportFile = { kind: 'template' };
  return (
    <section
      aria-labelledby="import-template-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <FileSpreadsheet className="mt-0.5 size-5 shrink-0 text-primary-700" aria-hidden />
        <div>
          <h2 id="import-template-title" className="font-semibold text-slate-900">
            Start from the template
          </h2>
          <p className="text-sm text-slate-600">
            Sheets for clients, family members and plans, an example row for every service, drop-down lists
            and instructions. Your own columns work too: you match them to the portal's fields after the
            upload.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <Button
          variant="secondary"
          busy={busy(xlsx)}
          disabled={download.isPending}
          onClick={() => download.mutate(xlsx)}
        >
          {busy(xlsx) ? null : <Download className="size-4" aria-hidden />}
          Download template (.xlsx)
        </Button>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-600" id="import-template-csv">
            Or one sheet as .csv:
          </span>
          {CSV_SHEETS.map(({ sheet, label }) => {
            const file: ImportFile = { kind: 'template-csv', sheet };
            return (
              <Button
                key={sheet}
                variant="secondary"
                className="min-h-9 px-3 py-1"
                aria-describedby="import-template-csv"
                busy={busy(file)}
                disabled={download.isPending}
                onClick={() => download.mutate(file)}
              >
                {label}
              </Button>
            );
          })}
        </div>
      </div>
      <div aria-live="polite" className="text-sm">
        {download.isSuccess ? (
          <p role="status" className="break-words text-green-800">
            Saved {download.data}.
          </p>
        ) : null}
      </div>
      {download.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 px-3 py-2 text-sm"
        >
          <p className="text-red-800">
            The template could not be downloaded
            {download.error instanceof ApiError ? `: ${download.error.message}` : '.'}
          </p>
          <Button
            variant="secondary"
            className="min-h-8 py-1"
            onClick={() => download.variables && download.mutate(download.variables)}
          >
            Try again
          </Button>
        </div>
      ) : null}
    </section>
  );
}
