import { MSG, type WorkspacePlanDetail } from '@portal/contract';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { QueryState } from '../../../components/ui/query-states.tsx';
import { RecordStamps } from '../../../components/ui/record-stamps.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { usePlan } from '../api/get-plan.ts';
import { useRemovePlan } from '../api/remove-plan.ts';
import { DocumentCard } from './document-card.tsx';
import { InsuredMembersCard, NomineeCard, PlanInfoCard } from './plan-parts.tsx';
import { PremiumCard } from './premium-card.tsx';

/** What other features add to the page, composed by the route (features do not import each other). */
export interface PlanDetailSlots {
  /** The plan's renewal reminders and marks; given the plan when they need its fields (its next due date). */
  renewals: ReactNode | ((plan: WorkspacePlanDetail) => ReactNode);
  /** The edit dialog, open or closed. */
  editor: (plan: WorkspacePlanDetail, open: boolean, onOpenChange: (open: boolean) => void) => ReactNode;
}

function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> {children}
    </Link>
  );
}

function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const navigate = useNavigate();
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/dashboard/users">All clients</BackLink>
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-800"
      >
        <h2 className="font-semibold">{missing ? MSG.planNotFound : 'Error Loading Details'}</h2>
        <p className="text-sm">
          {missing
            ? 'This plan does not exist or has been removed.'
            : (error instanceof ApiError && error.message) || 'Failed to load details'}
        </p>
        <div className="flex flex-wrap gap-2">
          {missing ? null : (
            <Button variant="secondary" onClick={onRetry}>
              Retry
            </Button>
          )}
          <Button variant="secondary" onClick={() => navigate(-1)}>
            Go Back
          </Button>
        </div>
      </div>
    </div>
  );
}

/** One client plan with every field, its nominee, members and PDF (issue 5). */
export function PlanDetail({ planId, ...slots }: { planId: string } & PlanDetailSlots) {
  const plan = usePlan(planId);
  return (
    <QueryState
      query={plan}
      loading={
        <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading plan">
          <BackLink to="/dashboard/users">All clients</BackLink>
          <div className="h-28 animate-pulse rounded-xl border border-slate-200 bg-white" />
          <div className="grid gap-5 lg:grid-cols-3">
            <div className="h-72 animate-pulse rounded-xl border border-slate-200 bg-white lg:col-span-2" />
            <div className="h-40 animate-pulse rounded-xl border border-slate-200 bg-white" />
          </div>
        </div>
      }
      error={null}
      errorView={(error, retry) => <LoadFailed error={error} onRetry={retry} />}
    >
      {(data) => <PlanBody plan={data} {...slots} />}
    </QueryState>
  );
}

function PlanBody({ plan, renewals, editor }: { plan: WorkspacePlanDetail } & PlanDetailSlots) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const removal = useRemovePlan();
  const removing = removal.isPending || removal.isSuccess;
  const clientPath = `/dashboard/users/${plan.primary_client_id}`;
  // Lapsed and Closed are no longer in force: shown as an Expired plan is (decisions §4).
  const expired = plan.status !== 'Active';
  const remove = async () => {
    try {
      const answer = await removal.mutateAsync(plan.plan_id);
      notify('success', answer.message);
      navigate(clientPath, { replace: true });
    } catch (err) {
      setConfirming(false);
      notify('error', err instanceof ApiError ? err.message : 'Could not remove the plan.');
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <BackLink to={clientPath}>{`${plan.primary_client_name} · ${plan.client_code}`}</BackLink>
      <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-slate-500">{plan.service_name}</p>
          <h2 className="mt-0.5 text-xl font-semibold break-words text-slate-900">{plan.provider_name}</h2>
          <p className="mt-1 text-sm text-slate-700">
            {plan.plan_kind === 'insurance' ? 'Policy' : 'Account'}{' '}
            <span className="font-medium tabular-nums">{plan.policy_number}</span>
            {plan.plan_name ? <span className="text-slate-500"> · {plan.plan_name}</span> : null}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone={expired ? 'red' : 'green'}>{plan.status}</Badge>
            {plan.secondary_client_id ? (
              <span>
                Held by{' '}
                <Link
                  to={`/dashboard/secondary-client/${plan.secondary_client_id}`}
                  className="font-medium text-primary-700 hover:underline"
                >
                  {plan.holder_name}
                </Link>
              </span>
            ) : null}
          </div>
          <RecordStamps
            className="mt-2 text-xs text-slate-500"
            added={plan.added_by}
            changed={plan.changed_by}
          />
        </div>
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <Button onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden /> Edit
          </Button>
          <Button variant="secondary" className="text-red-700" onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden /> Delete
          </Button>
        </div>
      </section>

      {/* On a phone the document follows the plan's information; on a desk it stands in its own column. */}
      <div className="grid items-start gap-5 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <PlanInfoCard plan={plan} />
        </div>
        <div className="min-w-0 lg:col-start-3 lg:row-span-3 lg:row-start-1">
          <DocumentCard plan={plan} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <PremiumCard plan={plan} />
        </div>
        {plan.service_code.toLowerCase() === 'health' ? (
          <div className="min-w-0 lg:col-span-2">
            <InsuredMembersCard members={plan.insured_members} />
          </div>
        ) : null}
        <div className="min-w-0 lg:col-span-2">
          <NomineeCard nominee={plan.nominee} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          {typeof renewals === 'function' ? renewals(plan) : renewals}
        </div>
      </div>

      {editor(plan, editing, setEditing)}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !removing && setConfirming(open)}
        title={`Delete plan ${plan.policy_number}?`}
        description={`The plan disappears from ${plan.primary_client_name}'s record and portal. It is kept in the records for the retention period.`}
        confirmLabel={removing ? 'Deleting...' : 'Delete'}
        destructive
        onConfirm={() => void remove()}
      />
    </div>
  );
}
