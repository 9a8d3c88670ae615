import type { ImportJob } from '@portal/contract';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CancelButton } from './cancel-button.tsx';
import { formatCount, plural } from './import-labels.ts';

/**
 * Rows done of rows as a bar (issue 26 item 6), announced as words. Before the rows to write are counted (0 of 0)
 * the bar has no value rather than a 0 % that is not true; done never shows past the total.
 */
export function ProgressBar({ done, total }: { done: number; total: number }) {
  const known = total > 0;
  const now = Math.min(Math.max(done, 0), Math.max(total, 0));
  const percent = known ? Math.floor((now / total) * 100) : 0;
  const words = known ? `${formatCount(now)} of ${plural(total, 'row')}` : 'Counting the rows';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="text-slate-700 tabular-nums">{words}</p>
        {known ? <p className="font-medium text-slate-900 tabular-nums">{percent}%</p> : null}
      </div>
      <div
        role="progressbar"
        aria-label="Rows imported"
        aria-valuemin={known ? 0 : undefined}
        aria-valuemax={known ? total : undefined}
        aria-valuenow={known ? now : undefined}
        aria-valuetext={words}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        {known ? (
          <div
            className="h-full rounded-full bg-primary-700 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        ) : (
          <div className="h-full w-1/3 animate-pulse rounded-full bg-primary-700/40" />
        )}
      </div>
    </div>
  );
}

/**
 * The job at work in the background: its dry run, its wait, its commit. The screen asks for the job again every
 * moment (get-import.ts); leaving or reloading the page does not stop it.
 */
export function Working({ job }: { job: ImportJob }) {
  const checking = job.status === 'checking';
  return (
    <section
      aria-labelledby="import-working-title"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <Spinner size="small" />
        <div>
          <h3 id="import-working-title" className="font-semibold text-slate-900">
            {checking
              ? 'Checking your file'
              : job.status === 'queued'
                ? 'Waiting to start'
                : 'Importing your clients'}
          </h3>
          <p className="text-sm text-slate-600">
            {checking
              ? 'Reading every row, matching it to your clients and plans and checking its fields. Nothing is written yet.'
              : 'You can leave this page: the import goes on, and you can come back to it from Import clients.'}
          </p>
        </div>
      </div>
      {checking ? null : <ProgressBar done={job.progress.done} total={job.progress.total} />}
      <div className="flex flex-wrap justify-end gap-3">
        <CancelButton job={job} />
      </div>
    </section>
  );
}
