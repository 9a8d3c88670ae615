import { ChevronRight, History } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { EmptyState, Loading, QueryState, Skeleton } from '../../../components/ui/query-states.tsx';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { isWorking } from '../api/get-import.ts';
import { type ImportSummary, useImports } from '../api/get-imports.ts';
import { formatCount, plural, STATUS_LABEL, STATUS_TONE } from './import-labels.ts';

/** What an import did or is doing, in one line. */
function outline(job: ImportSummary): string {
  const { counts, progress } = job;
  if (job.status === 'checking') return 'Checking the rows…';
  if (isWorking(job.status))
    return `${formatCount(progress.done)} of ${plural(progress.total, 'row')} imported`;
  if (job.status === 'failed') return job.failure ?? 'The import stopped.';
  if (job.status === 'cancelled' && !job.committed_at) return 'Cancelled before anything was written';
  if (job.status === 'cancelled')
    return `Stopped after ${formatCount(progress.done)} of ${plural(progress.total, 'row')}`;
  if (job.status === 'undone') return 'What it created was removed';
  const parts = [
    plural(counts.rows, 'row'),
    counts.new_clients > 0 ? plural(counts.new_clients, 'new client') : null,
    counts.new_plans > 0 ? plural(counts.new_plans, 'new plan') : null,
    counts.errors > 0 ? plural(counts.errors, 'error') : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

function ImportItem({ job }: { job: ImportSummary }) {
  return (
    <li>
      <Link
        to={`/dashboard/import/${job.id}`}
        className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-5"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{job.file_name}</p>
            <p className="text-sm text-slate-600">
              {formatDate(job.created_at)}, {formatTime(job.created_at)} · {job.created_by_name}
            </p>
          </div>
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <Badge tone={STATUS_TONE[job.status]}>{STATUS_LABEL[job.status]}</Badge>
            <p className="text-sm text-slate-600 tabular-nums">{outline(job)}</p>
          </div>
        </div>
        <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden />
      </Link>
    </li>
  );
}

/** The imports before this one, newest first, each opening its own page (an agent's own). */
export function ImportHistory() {
  const imports = useImports();
  return (
    <section aria-labelledby="import-history-title" className="flex flex-col gap-3">
      <h2 id="import-history-title" className="font-semibold text-slate-900">
        Previous imports
      </h2>
      <QueryState
        query={imports}
        loading={
          <Loading label="Loading your imports" className="flex flex-col gap-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </Loading>
        }
        error="Could not load your imports."
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState icon={History}>
            No imports yet. Upload a spreadsheet above; each import is listed here with what it did.
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            {data.map((job) => (
              <ImportItem key={job.id} job={job} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
