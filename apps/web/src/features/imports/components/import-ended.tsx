import type { ImportJob } from '@portal/contract';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { useUndoImport } from '../api/undo-import.ts';
import { ErrorsDownload } from './errors-download.tsx';
import { ImportCounts } from './import-counts.tsx';
import { COMMIT_FILTERS, formatCount, plural } from './import-labels.ts';
import { ImportRows } from './import-rows.tsx';

const when = (at: string) => `${formatDate(at)}, ${formatTime(at)}`;

/** Undo (issue 26 item 6), offered while `undo_until` is ahead and confirmed first. */
function UndoButton({ job }: { job: ImportJob }) {
  const [asking, setAsking] = useState(false);
  const undo = useUndoImport();
  if (!job.undo_until || new Date(job.undo_until).getTime() <= Date.now()) return null;
  return (
    <>
      <Button variant="secondary" busy={undo.isPending} onClick={() => setAsking(true)}>
        {undo.isPending ? null : <Undo2 className="size-4" aria-hidden />}
        Undo import
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Undo this import?"
        description="The clients, family members and plans it created are removed, except those someone has changed or added to since. This cannot be reversed."
        confirmLabel="Undo import"
        cancelLabel="Keep it"
        destructive
        onConfirm={() => {
          setAsking(false);
          undo.mutate(job.id, {
            onSuccess: () => notify('success', 'The import is undone.'),
            onError: (err) =>
              notify('error', err instanceof ApiError ? err.message : 'Could not undo the import.'),
          });
        }}
      />
    </>
  );
}

/** The sentence of how the import ended. */
function ending(job: ImportJob): string {
  const at = job.finished_at ? ` on ${when(job.finished_at)}` : '';
  const { done, total } = job.progress;
  switch (job.status) {
    case 'done':
      return `Finished${at}.`;
    case 'cancelled':
      return job.committed_at
        ? `Stopped${at}, after ${formatCount(done)} of ${plural(total, 'row')}; the rest was not imported.`
        : `Cancelled${at} before anything was written.`;
    case 'undone':
      return `Undone${at}. What someone had changed or added to since the import was kept.`;
    default:
      return job.committed_at
        ? `Stopped${at}, after ${formatCount(done)} of ${plural(total, 'row')}.`
        : `Stopped${at} before anything was written.`;
  }
}

/**
 * An import that has ended: done (its figures, the rows with errors to download, Undo for 24 hours), stopped,
 * failed or undone. Each offers the next import.
 */
export function ImportEnded({ job }: { job: ImportJob }) {
  const written = job.committed_at !== null && job.status !== 'undone';
  const undo = job.undo_until && new Date(job.undo_until).getTime() > Date.now();
  return (
    <>
      {job.status === 'failed' ? (
        <ErrorState title="The import stopped" icon>
          {job.failure ?? 'Something went wrong while importing.'} Upload the file again to try once more.
        </ErrorState>
      ) : null}
      <section
        aria-labelledby="import-ended-title"
        className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div>
          <h3 id="import-ended-title" className="font-semibold text-slate-900">
            {job.status === 'done'
              ? 'What the import did'
              : job.status === 'undone'
                ? 'Import undone'
                : 'Import ended'}
          </h3>
          <p className="text-sm text-slate-600">
            {ending(job)}
            {undo && job.undo_until ? ` You can undo it until ${when(job.undo_until)}.` : ''}
          </p>
        </div>
        {job.status === 'done' ? (
          <p className="text-sm font-medium text-slate-900 tabular-nums">
            {formatCount(job.progress.done)} of {plural(job.progress.total, 'row')} imported
          </p>
        ) : null}
        {written || job.status === 'done' ? <ImportCounts counts={job.counts} label="Import" /> : null}
        <div className="flex flex-wrap items-start gap-3">
          <ErrorsDownload job={job} />
          <UndoButton job={job} />
          {written ? (
            <Link
              to="/dashboard/users"
              className="inline-flex min-h-10 items-center rounded-md px-4 text-sm font-medium text-primary-700 hover:bg-slate-100"
            >
              View your clients
            </Link>
          ) : null}
          <Link
            to="/dashboard/import"
            className="inline-flex min-h-10 items-center rounded-md px-4 text-sm font-medium text-primary-700 hover:bg-slate-100"
          >
            Start another import
          </Link>
        </div>
      </section>
      {written ? <ImportRows id={job.id} filters={COMMIT_FILTERS} showSheet={job.sheets.length > 1} /> : null}
    </>
  );
}
