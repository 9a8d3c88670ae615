import { fetchSecondaryClients } from '../../../features/client-portal/api/get-secondary-clients.ts';
import { ErrorState, PageHeading } from '../../../features/client-portal/components/parts.tsx';
import {
  SecondaryList,
  SecondaryListSkeleton,
} from '../../../features/client-portal/components/secondary-list.tsx';
import { useLoad } from '../../../features/client-portal/components/use-load.ts';

/** /agency-client/dashboard/secondary-clients: the client's family members (spec §2). */
export function ClientSecondaryClientsScreen() {
  const { state, retry } = useLoad((signal) => fetchSecondaryClients(signal), 'secondary');
  return (
    <div>
      <PageHeading title="Secondary Clients">
        {state.status === 'ready' && state.data.length > 0 ? (
          <span className="text-sm text-slate-600">
            {state.data.length} member{state.data.length === 1 ? '' : 's'}
          </span>
        ) : null}
      </PageHeading>
      {state.status === 'loading' ? (
        <SecondaryListSkeleton />
      ) : state.status === 'error' ? (
        <ErrorState message="Failed to fetch details" onRetry={retry} />
      ) : (
        <SecondaryList members={state.data} />
      )}
    </div>
  );
}
