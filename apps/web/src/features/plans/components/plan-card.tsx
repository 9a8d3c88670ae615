import type { Service } from '@portal/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { FamilyPerson } from './family-picker.tsx';
import { type PlanDraft, type PlanErrors, planDraftTouched } from './plan-draft.ts';
import { PlanFields } from './plan-fields.tsx';

export interface PlanCardProps {
  title: string;
  draft: PlanDraft;
  errors: PlanErrors | undefined;
  services: Service[];
  serviceLocked?: boolean;
  /** The client's family, offered as a health policy's insured members. */
  family?: FamilyPerson[];
  disabled?: boolean;
  /** Absent when the plan cannot be removed (the only one). */
  onRemove?: () => void;
  onChange: (next: PlanDraft) => void;
}

/** One plan of a form in its own card, removable (with a confirmation once anything was entered). */
export function PlanCard({
  title,
  draft,
  errors,
  services,
  serviceLocked,
  family,
  disabled,
  onRemove,
  onChange,
}: PlanCardProps) {
  const [confirm, setConfirm] = useState(false);
  const count = errors ? Object.keys(errors).length : 0;
  return (
    <article
      aria-label={title}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-plan-card
    >
      <header className="mb-4 flex items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold text-slate-900">{title}</h3>
          {count > 0 ? (
            <p className="text-sm text-red-700">
              {count === 1 ? '1 field needs attention.' : `${count} fields need attention.`}
            </p>
          ) : null}
        </div>
        {onRemove ? (
          <button
            type="button"
            disabled={disabled}
            onClick={() => (planDraftTouched(draft) ? setConfirm(true) : onRemove())}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-red-700 hover:bg-red-50"
            aria-label={`Remove ${title}`}
          >
            <Trash2 className="size-4" aria-hidden />
            <span className="hidden sm:inline">Remove</span>
          </button>
        ) : null}
      </header>
      <PlanFields
        value={draft}
        onChange={onChange}
        errors={errors}
        services={services}
        serviceLocked={serviceLocked}
        family={family}
        disabled={disabled}
      />
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Remove ${title}?`}
        description="The details entered for this plan will be lost."
        confirmLabel="Remove Plan"
        destructive
        onConfirm={() => {
          setConfirm(false);
          onRemove?.();
        }}
      />
    </article>
  );
}
