import { useEffect } from 'react';
import { usePlan } from '../../features/plan-detail/api/get-plan.ts';
import { usePlanPremiums } from '../../features/plan-detail/api/get-plan-premiums.ts';
import { MarkPremiumDialog } from '../../features/plan-detail/components/mark-premium-dialog.tsx';
import { notify } from '../../lib/toast.ts';

/**
 * "Mark premium paid" from a work-list row (issue 27 item 2): the plan detail's own dialog, opened once the plan
 * and its dues have loaded. Composed here because the work-list and the plan detail are features of their own;
 * the screen loads it when first asked for (the renewals route is near its script budget).
 */
export function WorkListPayPremium({ planId, onClose }: { planId: string; onClose: () => void }) {
  const plan = usePlan(planId);
  const premiums = usePlanPremiums(planId);
  const failed = plan.isError || premiums.isError;
  useEffect(() => {
    if (!failed) return;
    notify('error', "We could not load the plan's premiums. Please try again.");
    onClose();
  }, [failed, onClose]);
  if (!plan.data || !premiums.data) return null;
  return <MarkPremiumDialog plan={plan.data} premiums={premiums.data} onClose={onClose} />;
}
