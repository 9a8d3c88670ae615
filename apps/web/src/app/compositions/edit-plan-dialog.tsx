import { MSG, type WorkspacePlanDetail } from '@portal/contract';
import { X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import * as Dialog from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useReplacePlanDocument } from '../../features/plan-detail/api/replace-plan-document.ts';
import { useUpdatePlan } from '../../features/plan-detail/api/update-plan.ts';
import { usePlanServices } from '../../features/plans/api/get-plan-services.ts';
import { usePrimaryClient } from '../../features/plans/api/get-primary-client.ts';
import { familyOf } from '../../features/plans/components/family-picker.tsx';
import {
  type PlanDraft,
  type PlanErrors,
  planDraftFromDetail,
  planDraftToInput,
  validatePlanDraft,
} from '../../features/plans/components/plan-draft.ts';
import { PlanFields } from '../../features/plans/components/plan-fields.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/toast.ts';

// Composes two features (conventions: features do not import each other): the plan detail's mutations (which
// update the cached plan and invalidate the lists it appears in) and the shared per-service plan fields of the
// add-plan forms.

/** The edit form: the plan's fields as on creation (features/plans), the service kept; a new PDF optional. */
export function EditPlanDialog({
  plan,
  open,
  onOpenChange,
  onSaved,
}: {
  plan: WorkspacePlanDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told of the plan as saved; the saves already put it in the cache and invalidated the lists it is in. */
  onSaved?: (plan: WorkspacePlanDetail) => void;
}) {
  const [draft, setDraft] = useState<PlanDraft>(() => planDraftFromDetail(plan));
  const [errors, setErrors] = useState<PlanErrors>({});
  const catalogue = usePlanServices({ enabled: open });
  const services = catalogue.data ?? null;
  // A health policy's insured members may be picked from the family; without it they are typed, as before.
  const client = usePrimaryClient(
    open && plan.service_code.toLowerCase() === 'health' ? plan.primary_client_id : null,
  );
  const family = client.isSuccess ? familyOf(client.data.data) : [];
  const [saving, setSaving] = useState(false);
  const update = useUpdatePlan(plan.plan_id);
  const replace = useReplacePlanDocument(plan.plan_id);
  const [discarding, setDiscarding] = useState(false);
  const snapshot = (d: PlanDraft) => JSON.stringify({ ...d, key: '', file: null });
  const dirty = draft.file !== null || snapshot(draft) !== snapshot(planDraftFromDetail(plan));
  /** Closing with unsaved changes asks first (every destructive action confirms). */
  const setOpen = (next: boolean) => {
    if (saving) return;
    if (!next && dirty) setDiscarding(true);
    else onOpenChange(next);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new opening starts from the stored plan.
  useEffect(() => {
    if (!open) return;
    setDraft(planDraftFromDetail(plan));
    setErrors({});
  }, [open]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // Brings the first field with a message into view, once React has drawn the messages.
    const focusFirstError = () =>
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    const found = validatePlanDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify('error', 'Check the highlighted fields.');
      focusFirstError();
      return;
    }
    setSaving(true);
    let saved: WorkspacePlanDetail | null = null;
    try {
      const answer = await update.mutateAsync(planDraftToInput(draft));
      saved = answer.data;
      if (draft.file) saved = (await replace.mutateAsync(draft.file)).data;
      notify('success', answer.message);
      onSaved?.(saved);
      onOpenChange(false);
    } catch (err) {
      if (saved) {
        // The fields were saved; only the PDF failed.
        onSaved?.(saved);
        const message = err instanceof ApiError ? (err.fields.file ?? err.message) : MSG.genericError;
        setErrors({ file: message });
        notify('error', `The plan was saved but its PDF was not: ${message}`);
        focusFirstError();
      } else if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        setErrors(err.fields);
        notify('error', err.message);
        focusFirstError();
      } else {
        notify('error', err instanceof ApiError ? err.message : MSG.genericError);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
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
                  family={family}
                  existingDocumentName={plan.document?.original_name ?? (plan.document ? 'a PDF' : null)}
                  disabled={saving}
                />
              ) : catalogue.isError && !catalogue.isFetching ? (
                <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-800">
                  The form could not be loaded.
                  <Button variant="secondary" onClick={() => void catalogue.refetch()}>
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
              <Button variant="secondary" disabled={saving} onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" busy={saving} disabled={!services}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </form>
          <ConfirmDialog
            open={discarding}
            onOpenChange={setDiscarding}
            title="Discard your changes?"
            description={`What you changed in ${plan.policy_number} has not been saved.`}
            confirmLabel="Discard"
            cancelLabel="Keep editing"
            destructive
            onConfirm={() => {
              setDiscarding(false);
              onOpenChange(false);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
