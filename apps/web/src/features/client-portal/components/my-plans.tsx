import { PageHeading } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useMyPlans } from '../api/get-my-plans.ts';
import { useMyPlansT } from './my-plans-words.ts';
import { PlanCardSkeletons } from './plan-card.tsx';
import { PlansBrowser } from './plans-browser.tsx';

/** My Plans (spec §2): the client's plans and their family's, in the plans browser. */
export function MyPlans() {
  const query = useMyPlans();
  const t = useMyPlansT();
  return (
    <div>
      <PageHeading title={t('heading')} />
      {query.isPending || (query.isError && query.isFetching) ? (
        <PlanCardSkeletons />
      ) : query.isError ? (
        <ErrorState icon onRetry={() => void query.refetch()}>
          {t('loadFailed')}
        </ErrorState>
      ) : (
        <PlansBrowser plans={query.data} />
      )}
    </div>
  );
}
