import { ArrowLeft, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { Card, PageHeading } from '../../../components/ui/card.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/query-states.tsx';
import { useAlerts } from '../api/get-alerts.ts';
import { AlertList, AlertSkeleton } from './alert-list.tsx';
import { clientPaths } from './client-paths.ts';
import { useClientT } from './client-words.ts';

/** Every upcoming alert, behind the home's 'View all' (decisions §4); a failure is also told in a toast. */
export function AllAlerts() {
  const query = useAlerts();
  const t = useClientT();

  return (
    <div>
      <Link
        to={clientPaths.home}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> {t('nav.dashboard')}
      </Link>
      <PageHeading title={t('alerts.heading')}>
        {query.isSuccess ? (
          <span className="text-sm text-slate-600">
            {t('alerts.count', { count: query.data.alerts.length })}
          </span>
        ) : null}
      </PageHeading>
      {query.isPending || (query.isError && query.isFetching) ? (
        <Card region>
          <Loading label={t('alerts.loading')}>
            <AlertSkeleton rows={5} />
          </Loading>
        </Card>
      ) : query.isError ? (
        <ErrorState icon onRetry={() => void query.refetch()}>
          {t('alerts.loadFailed')}
        </ErrorState>
      ) : query.data.alerts.length === 0 ? (
        <EmptyState icon={Inbox}>{t('alerts.none')}</EmptyState>
      ) : (
        <Card region>
          <AlertList alerts={query.data.alerts} />
        </Card>
      )}
    </div>
  );
}
