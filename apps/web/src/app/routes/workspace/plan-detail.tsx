import { useParams } from 'react-router';
import { PlanDetail } from '../../../features/plan-detail/components/plan-detail.tsx';
import { RenewalHistoryCard } from '../../../features/renewals/components/renewal-history.tsx';
import { EditPlanDialog } from '../../compositions/edit-plan-dialog.tsx';

/** /dashboard/plans/{planId}: one client plan with every field, its nominee, members and PDF (issue 5). */
export function PlanDetailScreen() {
  const { planId = '' } = useParams();
  return (
    <PlanDetail
      key={planId}
      planId={planId}
      renewals={<RenewalHistoryCard planId={planId} />}
      editor={(plan, open, onOpenChange) => (
        <EditPlanDialog plan={plan} open={open} onOpenChange={onOpenChange} />
      )}
    />
  );
}
