import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { fetchAlerts } from '../../../features/client-portal/api/get-alerts.ts';
import {
  ALERTS_FAILED,
  AlertList,
  AlertSkeleton,
} from '../../../features/client-portal/components/alert-list.tsx';
import { clientPaths } from '../../../features/client-portal/components/client-paths.ts';
import {
  Card,
  EmptyState,
  ErrorState,
  Loading,
  PageHeading,
} from '../../../features/client-portal/components/parts.tsx';
import { useLoad } from '../../../features/client-portal/components/use-load.ts';
import { notify } from '../../../lib/toast.ts';

/** /agency-client/dashboard/alerts: every upcoming alert, behind the home's 'View all' (decisions §4). */
export function ClientAlertsScreen() {
  const { state, retry } = useLoad((signal) => fetchAlerts(signal), 'alerts');
  useEffect(() => {
    if (state.status === 'error') notify('error', ALERTS_FAILED);
  }, [state.status]);

  return (
    <div>
      <Link
        to={clientPaths.home}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Dashboard
      </Link>
      <PageHeading title="Upcoming Alerts & Actions">
        {state.status === 'ready' ? (
          <span className="text-sm text-slate-600">
            {state.data.alerts.length} alert{state.data.alerts.length === 1 ? '' : 's'}
          </span>
        ) : null}
      </PageHeading>
      {state.status === 'loading' ? (
        <Card>
          <Loading label="Loading alerts">
            <AlertSkeleton rows={5} />
          </Loading>
        </Card>
      ) : state.status === 'error' ? (
        <ErrorState message="We could not load your alerts." onRetry={retry} />
      ) : state.data.alerts.length === 0 ? (
        <EmptyState message="Nothing urgent coming up." />
      ) : (
        <Card>
          <AlertList alerts={state.data.alerts} />
        </Card>
      )}
    </div>
  );
}
