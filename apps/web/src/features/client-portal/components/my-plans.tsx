import { useMyPlans } from '../api/get-my-plans.ts';
import { ErrorState, PageHeading } from './parts.tsx';
import { PlanCardSkeletons } from './plan-card.tsx';
import { PlansBrowser } from './plans-browser.tsx';

/** My Plans (spec §2): the client's plans and their family's, in the plans browser. */
export function MyPlans() {
  const query = useMyPlans();
  return (
    <div>
      <PageHeading title="My Plans" />
      {query.isPending || (query.isError && query.isFetching) ? (
        <PlanCardSkeletons />
      ) : query.isError ? (
        <ErrorState message="We could not load your plans." onRetry={() => void query.refetch()} />
      ) : (
        <PlansBrowser plans={query.data} />
      )}
    </div>
  );
}
