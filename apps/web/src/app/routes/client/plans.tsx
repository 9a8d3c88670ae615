import { fetchMyPlans } from '../../../features/client-portal/api/get-my-plans.ts';
import { ErrorState, PageHeading } from '../../../features/client-portal/components/parts.tsx';
import { PlanCardSkeletons } from '../../../features/client-portal/components/plan-card.tsx';
import { PlansBrowser } from '../../../features/client-portal/components/plans-browser.tsx';
import { useLoad } from '../../../features/client-portal/components/use-load.ts';

/** /agency-client/dashboard/plans: My Plans (spec §2). */
export function ClientPlansScreen() {
  const { state, retry } = useLoad(async (signal) => {
    try {
      return await fetchMyPlans(signal);
    } catch (err) {
      // Spec §8: a plan list failure is logged; the screen also offers a retry.
      if (!signal.aborted) console.error('My plans failed to load', err);
      throw err;
    }
  }, 'plans');
  return (
    <div>
      <PageHeading title="My Plans" />
      {state.status === 'loading' ? (
        <PlanCardSkeletons />
      ) : state.status === 'error' ? (
        <ErrorState message="We could not load your plans." onRetry={retry} />
      ) : (
        <PlansBrowser plans={state.data} />
      )}
    </div>
  );
}
