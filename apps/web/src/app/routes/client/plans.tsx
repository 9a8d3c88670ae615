import { MyPlans } from '../../../features/client-portal/components/my-plans.tsx';

/** /agency-client/dashboard/plans: My Plans (spec §2). */
export function ClientPlansScreen() {
  return <MyPlans />;
}
