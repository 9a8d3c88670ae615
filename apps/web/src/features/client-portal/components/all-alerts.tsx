import { ArrowLeft, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { Card, PageHeading } from '../../../components/ui/card.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/query-states.tsx';
import { useAlerts } from '../api/get-alerts.ts';
import { AlertList, AlertSkeleton } from './alert-list.tsx';
import { clientPaths } from './client-paths.ts';

/** Every upcoming alert, behind the home's 'View all' (decisions §4); a failure is also told in a toast. */
export function AllAlerts() {
  const query = useAlerts();

  return (
    <div>
      <Link
        to={clientPaths.home}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Dashboard
      </Link>
      <PageHeading title="Upcoming Alerts & Actions">
        {query.isSuccess ? (
          <span className="text-sm text-slate-600">
            {query.data.alerts.length} alert{query.data.alerts.length === 1 ? '' : 's'}
          </span>
        ) : null}
      </PageHeading>
      {query.isPending || (query.isError && query.isFetching) ? (
        <Card region>
          <Loading label="Loading alerts">
            <AlertSkeleton rows={5} />
          </Loading>
        </Card>
      ) : query.isError ? (
        <ErrorState icon onRetry={() => void query.refetch()}>
          We could not load your alerts.
        </ErrorState>
      ) : query.data.alerts.length === 0 ? (
        <EmptyState icon={Inbox}>Nothing urgent coming up.</EmptyState>
      ) : (
        <Card region>
          <AlertList alerts={query.data.alerts} />
        </Card>
      )}
    </div>
  );
}
