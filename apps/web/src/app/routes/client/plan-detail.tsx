import { useParams } from 'react-router';
import { PlanDetailPage } from '../../../features/client-portal/components/plan-detail-page.tsx';

/** /agency-client/dashboard/plans/{id}: a plan's details (spec §2); id is the policy or investment account id. */
export function ClientPlanDetailScreen() {
  const { id = '' } = useParams();
  return <PlanDetailPage id={id} />;
}
