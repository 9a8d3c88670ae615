import type { ImportJob } from '@portal/contract';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { ErrorState, Loading, QueryState, Skeleton } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { useImport } from '../api/get-import.ts';
import { DryRun } from './dry-run.tsx';
import { ImportEnded } from './import-ended.tsx';
import { STATUS_LABEL, STATUS_TONE } from './import-labels.ts';
import { Working } from './working.tsx';

function AllImports() {
  return (
    <Link
      to="/dashboard/import"
      className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> All imports
    </Link>
  );
}

function JobHeading({ job }: { job: ImportJob }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h2 className="font-semibold break-words text-slate-900">{job.file_name}</h2>
        <p className="text-sm text-slate-600">
          Uploaded {formatDate(job.created_at)}, {formatTime(job.created_at)} by {job.created_by_name}
        </p>
      </div>
      <p aria-live="polite">
        <Badge tone={STATUS_TONE[job.status]}>{STATUS_LABEL[job.status]}</Badge>
      </p>
    </div>
  );
}

/** The screen of one stage of the import, by the job's status. */
function Stage({ job }: { job: ImportJob }) {
  switch (job.status) {
    case 'checking':
    case 'queued':
    case 'running':
      return <Working job={job} />;
    case 'checked':
      return <DryRun job={job} />;
    default:
      return <ImportEnded job={job} />;
  }
}

/**
 * /dashboard/import/:id: one import from its dry run to its end (issue 26 items 2–6). The job's id is in the
 * address and its state on the server, so a reload (or a server restart) finds the import where it is.
 */
export function ImportJobView({ id }: { id: string }) {
  const job = useImport(id);
  return (
    <div className="flex max-w-5xl flex-col gap-5">
      <AllImports />
      <QueryState
        query={job}
        loading={
          <Loading label="Loading the import" className="flex flex-col gap-4">
            <Skeleton variant="bar" className="h-12 w-full max-w-md" />
            <Skeleton className="h-40" />
            <Skeleton className="h-64" />
          </Loading>
        }
        error="Could not load this import."
        errorView={(error, retry) =>
          error instanceof ApiError && (error.status === 404 || error.status === 400) ? (
            <ErrorState title="Import not found" icon>
              This import does not exist, or it is not one you can see.
            </ErrorState>
          ) : (
            <ErrorState onRetry={retry}>Could not load this import.</ErrorState>
          )
        }
      >
        {(data) => (
          <>
            <JobHeading job={data} />
            <Stage job={data} />
          </>
        )}
      </QueryState>
    </div>
  );
}
