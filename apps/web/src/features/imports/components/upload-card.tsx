import { CloudUpload, FileUp } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { checkImportFiles, IMPORT_ACCEPT, useUploadImport } from '../api/upload-import.ts';

/** Why an upload failed, in the API's words when it gave them (a wrong file, too many rows, a busy agency). */
function uploadError(error: unknown): string {
  if (error instanceof ApiError) return error.fields.file ?? error.message;
  return 'The file could not be sent. Check your connection and try again.';
}

/**
 * The upload (issue 26 item 1): a file chosen with the button or dropped on the box, checked for its type and the
 * 20 MB limit before a byte is sent; the job it becomes opens at once, its dry run under way.
 */
export function UploadCard() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const upload = useUploadImport();
  const [refused, setRefused] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const send = (chosen: FileList | null | undefined) => {
    const files = [...(chosen ?? [])];
    if (files.length === 0 || upload.isPending) return;
    if (input.current) input.current.value = '';
    const problem = checkImportFiles(files);
    setRefused(problem);
    upload.reset();
    if (problem) return;
    upload.mutate(files, { onSuccess: (job) => navigate(`/dashboard/import/${job.id}`) });
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    send(event.dataTransfer.files);
  };
  const error = refused ?? (upload.isError ? uploadError(upload.error) : null);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div>
        <h2 id={`${id}-title`} className="font-semibold text-slate-900">
          Upload your spreadsheet
        </h2>
        <p className="text-sm text-slate-600">
          Your clients, family members and plans from Excel, an insurer's download or another tool. Nothing is
          written until you have checked what the import will do.
        </p>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is the mouse's shortcut; the button inside does the same from the keyboard. */}
      <div
        data-testid="import-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
          over ? 'border-primary-600 bg-primary-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        <CloudUpload className="size-8 text-slate-400" aria-hidden />
        {upload.isPending ? (
          <p role="status" className="text-sm text-slate-700">
            Uploading {upload.variables?.map((f) => f.name).join(', ')}…
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            <span className="sm:hidden">Choose the file from your device.</span>
            <span className="max-sm:hidden">Drag your file here, or choose it from your device.</span>
          </p>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={IMPORT_ACCEPT}
          aria-label="Spreadsheet to import"
          aria-describedby={`${id}-note`}
          tabIndex={-1}
          className="sr-only"
          onChange={(e) => send(e.target.files)}
        />
        <Button busy={upload.isPending} onClick={() => input.current?.click()}>
          {upload.isPending ? null : <FileUp className="size-4" aria-hidden />}
          Choose a file
        </Button>
        <p id={`${id}-note`} className="text-xs text-slate-500">
          Excel (.xlsx), or up to three CSV (.csv) files chosen together (Clients, Family Members, Plans); up
          to 20 MB and 50,000 rows. PDFs are not imported.
        </p>
      </div>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}
