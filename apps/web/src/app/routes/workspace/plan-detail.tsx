import { MSG, type Service, type WorkspacePlanDetail } from '@portal/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { ArrowLeft, Pencil, Trash2, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  fetchPlan,
  removePlan,
  replacePlanDocument,
  updatePlan,
} from '../../../features/plan-detail/api/plan-detail.ts';
import { DocumentCard } from '../../../features/plan-detail/components/document-card.tsx';
import {
  InsuredMembersCard,
  NomineeCard,
  PlanInfoCard,
} from '../../../features/plan-detail/components/plan-parts.tsx';
import { fetchPlanServices } from '../../../features/plans/api/plans.ts';
import {
  type PlanDraft,
  type PlanErrors,
  planDraftFromDetail,
  planDraftToInput,
  validatePlanDraft,
} from '../../../features/plans/components/plan-draft.ts';
import { PlanFields } from '../../../features/plans/components/plan-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';

type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; plan: WorkspacePlanDetail };

/** The edit form: the plan's fields as on creation (features/plans), the service kept; a new PDF optional. */
function EditPlanDialog({
  plan,
  open,
  onOpenChange,
  onSaved,
}: {
  plan: WorkspacePlanDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (plan: WorkspacePlanDetail) => void;
}) {
  const [draft, setDraft] = useState<PlanDraft>(() => planDraftFromDetail(plan));
  const [errors, setErrors] = useState<PlanErrors>({});
  const [services, setServices] = useState<Service[] | null>(null);
  const [servicesFailed, setServicesFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new opening starts from the stored plan.
  useEffect(() => {
    if (!open) return;
    setDraft(planDraftFromDetail(plan));
    setErrors({});
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes on Retry to load again.
  useEffect(() => {
    if (!open || services) return;
    const controller = new AbortController();
    setServicesFailed(false);
    fetchPlanServices(controller.signal).then(
      (list) => !controller.signal.aborted && setServices(list),
      () => !controller.signal.aborted && setServicesFailed(true),
    );
    return () => controller.abort();
  }, [open, attempt]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePlanDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify('error', 'Check the highlighted fields.');
      return;
    }
    setSaving(true);
    let saved: WorkspacePlanDetail | null = null;
    try {
      const answer = await updatePlan(plan.plan_id, planDraftToInput(draft));
      saved = answer.data;
      if (draft.file) saved = (await replacePlanDocument(plan.plan_id, draft.file)).data;
      notify('success', answer.message);
      onSaved(saved);
      onOpenChange(false);
    } catch (err) {
      if (saved) {
        // The fields were saved; only the PDF failed.
        onSaved(saved);
        const message = err instanceof ApiError ? (err.fields.file ?? err.message) : MSG.genericError;
        setErrors({ file: message });
        notify('error', `The plan was saved but its PDF was not: ${message}`);
      } else if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        setErrors(err.fields);
        notify('error', err.message);
      } else {
        notify('error', err instanceof ApiError ? err.message : MSG.genericError);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl"
        >
          <form onSubmit={save} noValidate className="flex min-h-0 flex-1 flex-col">
            <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-4 py-4 sm:px-6">
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                Edit {plan.plan_kind === 'insurance' ? 'policy' : 'investment'} {plan.policy_number}
              </Dialog.Title>
              <Dialog.Close
                aria-label="Close"
                disabled={saving}
                className="-mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              >
                <X className="size-4" aria-hidden />
              </Dialog.Close>
            </div>
            <div className="min-h-0 overflow-y-auto px-4 py-4 sm:px-6">
              {services ? (
                <PlanFields
                  value={draft}
                  onChange={setDraft}
                  errors={errors}
                  services={services}
                  serviceLocked
                  existingDocumentName={plan.document?.original_name ?? (plan.document ? 'a PDF' : null)}
                  disabled={saving}
                />
              ) : servicesFailed ? (
                <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-800">
                  The form could not be loaded.
                  <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
                    Retry
                  </Button>
                </div>
              ) : (
                <div className="flex items-center gap-3 py-10 text-slate-600">
                  <Spinner label="Loading the form" /> Loading…
                </div>
              )}
            </div>
            <div className="flex justify-end gap-3 border-t border-slate-200 px-4 py-3 sm:px-6">
              <Button variant="secondary" disabled={saving} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" busy={saving} disabled={!services}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** /dashboard/plans/{planId}: one client plan with every field, its nominee, members and PDF (issue 5). */
export function PlanDetailScreen() {
  const { planId = '' } = useParams();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes on Retry to load again.
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchPlan(planId, controller.signal).then(
      (answer) => !controller.signal.aborted && setLoad({ status: 'ready', plan: answer.data }),
      (err) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && (err.status === 404 || err.status === 400))
          setLoad({ status: 'missing' });
        else
          setLoad({
            status: 'error',
            message: err instanceof ApiError ? err.message : 'Failed to load details',
          });
      },
    );
    return () => controller.abort();
  }, [planId, attempt]);

  const back = (to: string, label: string) => (
    <Link
      to={to}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> {label}
    </Link>
  );

  if (load.status === 'loading') {
    return (
      <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading plan">
        {back('/dashboard/users', 'All clients')}
        <div className="h-28 animate-pulse rounded-xl border border-slate-200 bg-white" />
        <div className="grid gap-5 lg:grid-cols-3">
          <div className="h-72 animate-pulse rounded-xl border border-slate-200 bg-white lg:col-span-2" />
          <div className="h-40 animate-pulse rounded-xl border border-slate-200 bg-white" />
        </div>
      </div>
    );
  }
  if (load.status !== 'ready') {
    return (
      <div className="flex flex-col gap-4">
        {back('/dashboard/users', 'All clients')}
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-800"
        >
          <h2 className="font-semibold">
            {load.status === 'missing' ? MSG.planNotFound : 'Error Loading Details'}
          </h2>
          <p className="text-sm">
            {load.status === 'missing'
              ? 'This plan does not exist or has been removed.'
              : load.message || 'Failed to load details'}
          </p>
          <div className="flex flex-wrap gap-2">
            {load.status === 'error' ? (
              <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
                Retry
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => navigate(-1)}>
              Go Back
            </Button>
          </div>
        </div>
      </div>
    );
  }

  const { plan } = load;
  const clientPath = `/dashboard/users/${plan.primary_client_id}`;
  const expired = plan.status === 'Expired';
  const remove = async () => {
    setRemoving(true);
    try {
      const answer = await removePlan(plan.plan_id);
      notify('success', answer.message);
      navigate(clientPath, { replace: true });
    } catch (err) {
      setRemoving(false);
      setConfirming(false);
      notify('error', err instanceof ApiError ? err.message : 'Could not remove the plan.');
    }
  };

  return (
    <div className="flex flex-col gap-5">
      {back(clientPath, `${plan.primary_client_name} · ${plan.client_code}`)}
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
            {plan.secondary_client_id ? <span>Held by {plan.holder_name}</span> : null}
          </div>
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
          <DocumentCard plan={plan} onChanged={(next) => setLoad({ status: 'ready', plan: next })} />
        </div>
        {plan.service_code.toLowerCase() === 'health' ? (
          <div className="min-w-0 lg:col-span-2">
            <InsuredMembersCard members={plan.insured_members} />
          </div>
        ) : null}
        <div className="min-w-0 lg:col-span-2">
          <NomineeCard nominee={plan.nominee} />
        </div>
      </div>

      <EditPlanDialog
        plan={plan}
        open={editing}
        onOpenChange={setEditing}
        onSaved={(next) => setLoad({ status: 'ready', plan: next })}
      />
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
