import { PageHeading } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useSecondaryClients } from '../api/get-secondary-clients.ts';
import { useFamilyT } from './family-words.ts';
import { SecondaryList, SecondaryListSkeleton } from './secondary-list.tsx';

/** Secondary Clients (spec §2): the client's family members. */
export function FamilyMembers() {
  const query = useSecondaryClients();
  const t = useFamilyT();
  return (
    <div>
      <PageHeading title={t('heading')}>
        {query.isSuccess && query.data.length > 0 ? (
          <span className="text-sm text-slate-600">{t('count', { count: query.data.length })}</span>
        ) : null}
      </PageHeading>
      {query.isPending || (query.isError && query.isFetching) ? (
        <SecondaryListSkeleton />
      ) : query.isError ? (
        <ErrorState icon onRetry={() => void query.refetch()}>
          {t('loadFailed')}
        </ErrorState>
      ) : (
        <SecondaryList members={query.data} />
      )}
    </div>
  );
}
