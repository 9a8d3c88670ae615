import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { Skeleton } from '../../../components/ui/query-states.tsx';
import { PlanDetail } from '../../../features/plan-detail/components/plan-detail.tsx';
import { RenewalHistoryCard } from '../../../features/renewals/components/renewal-history.tsx';

// The edit form (every service's fields) is fetched when the owner first opens it, so the route stays within its
// 200 kB budget (issue 8).
const EditPlanDialog = lazy(() =>
  import('../../compositions/edit-plan-dialog.tsx').then((m) => ({ default: m.EditPlanDialog })),
);

// A policy's claims (issue 28): the list and "Intimate claim", fetched apart from the page for the same budget.
const PlanClaimsCard = lazy(() =>
  import('../../../features/claims/components/plan-claims-card.tsx').then((m) => ({
    default: m.PlanClaimsCard,
  })),
);

// The follow-ups card (WhatsApp, call, follow-ups, mark lost) sits below the plan's own cards: fetched with the
// page but apart from it, for the same budget (its own skeleton holds its place meanwhile).
const PlanFollowUpsCard = lazy(() =>
  import('../../../features/renewals/components/plan-follow-ups.tsx').then((m) => ({
    default: m.PlanFollowUpsCard,
  })),
);

/** /dashboard/plans/{planId}: one client plan with every field, its nominee, members and PDF (issue 5). */
export function PlanDetailScreen() {
  const { planId = '' } = useParams();
  return (
    <PlanDetail
      key={planId}
      planId={planId}
      renewals={(plan) => (
        <div className="flex flex-col gap-5">
          <Suspense fallback={<Skeleton className="h-44" />}>
            {/* A premium due apart from the end date gets the WhatsApp premium-due message (decision 040). */}
            <PlanFollowUpsCard
              planId={planId}
              nextDueDate={plan.premium.next_due_date}
              premium={plan.premium.instalment_amount}
            />
          </Suspense>
          <RenewalHistoryCard planId={planId} />
          {plan.plan_kind === 'insurance' ? (
            <Suspense fallback={<Skeleton className="h-28" />}>
              <PlanClaimsCard planId={planId} />
            </Suspense>
          ) : null}
        </div>
      )}
      editor={(plan, open, onOpenChange) => (
        <PlanEditor plan={plan} open={open} onOpenChange={onOpenChange} />
      )}
    />
  );
}

/** Mounted from its first opening on, so closing it returns focus to Edit as any dialog does. */
function PlanEditor(props: ComponentProps<typeof EditPlanDialog>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <EditPlanDialog {...props} />
    </Suspense>
  ) : null;
}
