import type { ImportCounts as Counts, ImportJob } from '@portal/contract';
import { Upload } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCommitImport } from '../api/commit-import.ts';
import { CancelButton } from './cancel-button.tsx';
import { ErrorsDownload } from './errors-download.tsx';
import { Households } from './households.tsx';
import { ImportCounts } from './import-counts.tsx';
import { DRY_RUN_FILTERS, plural } from './import-labels.ts';
import { ImportRows } from './import-rows.tsx';
import { MappingEditor } from './mapping-editor.tsx';

/** What the commit will write and skip, in a sentence. */
function outcome(c: Counts): string {
  const adds = [
    c.new_clients > 0 ? plural(c.new_clients, 'new client') : null,
    c.new_members > 0 ? plural(c.new_members, 'family member') : null,
    c.new_plans > 0 ? plural(c.new_plans, 'plan') : null,
  ].filter(Boolean);
  const skips = [
    c.duplicates > 0 ? `${plural(c.duplicates, 'row')} already present` : null,
    c.errors > 0 ? `${plural(c.errors, 'row')} with errors` : null,
  ].filter(Boolean);
  const providers =
    c.new_providers > 0
      ? ` ${plural(c.new_providers, 'provider company', 'provider companies')} will be created.`
      : '';
  const written = adds.length > 0 ? `The import adds ${adds.join(', ')}.` : 'Nothing new to add.';
  const skipped = skips.length > 0 ? ` Skipped: ${skips.join(' and ')}.` : '';
  return `${written}${skipped}${providers}`;
}

function Summary({ job }: { job: ImportJob }) {
  const commit = useCommitImport();
  const c = job.counts;
  const nothing = c.new_clients + c.new_members + c.new_plans === 0;
  return (
    <section
      aria-labelledby="import-summary-title"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div>
        <h3 id="import-summary-title" className="font-semibold text-slate-900">
          What the import will do
        </h3>
        <p className="text-sm text-slate-600">
          Nothing is written yet. {outcome(c)}
          {c.errors > 0 ? ' Download the rows with errors to fix them and upload them again.' : ''}
        </p>
      </div>
      <ImportCounts counts={c} label="Dry run" />
      {commit.isError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {commit.error instanceof ApiError
            ? commit.error.message
            : 'The import could not be started. Try again.'}
        </p>
      ) : null}
      {nothing ? (
        <p className="text-sm text-slate-600">
          {c.errors > 0
            ? 'Every row has an error or is already present: fix the file or the columns first.'
            : 'Everything in this file is already in your book: there is nothing to import.'}
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-end gap-3">
        <div className="mr-auto">
          <ErrorsDownload job={job} />
        </div>
        <CancelButton job={job} />
        <Button busy={commit.isPending} disabled={nothing} onClick={() => commit.mutate(job.id)}>
          {commit.isPending ? null : <Upload className="size-4" aria-hidden />}
          Import
        </Button>
      </div>
    </section>
  );
}

/**
 * The dry run's answer (issue 26 items 2–4): what would be written, how the file is read, the households and
 * every row's outcome, before anything is written; the commit starts from here.
 */
export function DryRun({ job }: { job: ImportJob }) {
  const c = job.counts;
  const sheets = job.sheets.filter((s) => s.kind !== null).length;
  return (
    <>
      <Summary job={job} />
      <MappingEditor job={job} />
      {c.households > 0 ? <Households job={job} /> : null}
      <ImportRows
        id={job.id}
        filters={DRY_RUN_FILTERS}
        showSheet={sheets > 1}
        initial={c.errors + c.duplicates > 0 ? 'problems' : 'all'}
      />
    </>
  );
}
