import { PageHeading } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useSecondaryClients } from '../api/get-secondary-clients.ts';
import { SecondaryList, SecondaryListSkeleton } from './secondary-list.tsx';

/** Secondary Clients (spec §2): the client's family members. */
export function FamilyMembers() {
  const query = useSecondaryClients();
  return (
    <div>
      <PageHeading title="Secondary Clients">
        {query.isSuccess && query.data.length > 0 ? (
          <span className="text-sm text-slate-600">
            {query.data.length} member{query.data.length === 1 ? '' : 's'}
          </span>
        ) : null}
      </PageHeading>
      {query.isPending || (query.isError && query.isFetching) ? (
        <SecondaryListSkeleton />
      ) : query.isError ? (
        <ErrorState icon onRetry={() => void query.refetch()}>
          Failed to fetch details
        </ErrorState>
      ) : (
        <SecondaryList members={query.data} />
      )}
    </div>
  );
}
