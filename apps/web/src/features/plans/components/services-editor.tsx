import {
  categoryOfService,
  PLAN_SERVICE_CODES,
  type PlanServiceCode,
  SERVICE_LABELS,
  type Service,
} from '@portal/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { PlanCard } from './plan-card.tsx';
import { emptyPlanDraft, type PlanDraft, type PlanErrors, planDraftTouched } from './plan-draft.ts';

export interface ServicesEditorProps {
  catalogue: Service[];
  services: string[];
  plans: PlanDraft[];
  errors: Record<string, PlanErrors>;
  disabled?: boolean;
  onChange: (services: string[], plans: PlanDraft[]) => void;
}

/**
 * The services a client holds and, for each, one or more plans (issue 5: Add Primary Client). Turning a
 * service off drops its plans, after a confirmation when something was entered in them.
 */
export function ServicesEditor({
  catalogue,
  services,
  plans,
  errors,
  disabled,
  onChange,
}: ServicesEditorProps) {
  const [dropping, setDropping] = useState<PlanServiceCode | null>(null);
  const offered = PLAN_SERVICE_CODES.map((code) => catalogue.find((s) => s.code === code)).filter(
    (s): s is Service => s !== undefined,
  );
  const nameOf = (code: string) =>
    catalogue.find((s) => s.code === code)?.name ?? SERVICE_LABELS[code as PlanServiceCode] ?? code;

  const toggle = (code: PlanServiceCode) => {
    if (!services.includes(code)) {
      onChange([...services, code], [...plans, emptyPlanDraft(code)]);
      return;
    }
    if (plans.some((p) => p.service_code === code && planDraftTouched(p))) setDropping(code);
    else drop(code);
  };
  const drop = (code: string) =>
    onChange(
      services.filter((s) => s !== code),
      plans.filter((p) => p.service_code !== code),
    );

  return (
    <div className="flex flex-col gap-6">
      {(['insurance', 'investment'] as const).map((category) => (
        <fieldset key={category} className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-slate-800">
            {category === 'insurance' ? 'Insurance' : 'Investments'}
          </legend>
          <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 lg:grid-cols-3">
            {offered
              .filter((s) => categoryOfService(s.code as PlanServiceCode) === category)
              .map((s) => {
                const on = services.includes(s.code);
                return (
                  <label
                    key={s.code}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-600/40',
                      on
                        ? 'border-primary-600 bg-primary-50 text-primary-900'
                        : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={on}
                      disabled={disabled}
                      onChange={() => toggle(s.code as PlanServiceCode)}
                      className="size-4 shrink-0 accent-primary-700"
                    />
                    {s.name}
                  </label>
                );
              })}
          </div>
        </fieldset>
      ))}

      {services.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          Choose the services this client holds to add their plans now, or continue without plans and add them
          later with Add More Plans.
        </p>
      ) : null}

      {services.map((code) => {
        const own = plans.filter((p) => p.service_code === code);
        return (
          <section key={code} className="flex flex-col gap-3" aria-label={`${nameOf(code)} plans`}>
            <h3 className="text-base font-semibold text-slate-900">{nameOf(code)}</h3>
            {own.map((draft, i) => (
              <PlanCard
                key={draft.key}
                title={`${nameOf(code)} plan ${i + 1}`}
                draft={draft}
                errors={errors[draft.key]}
                services={catalogue}
                serviceLocked
                disabled={disabled}
                onChange={(next) =>
                  onChange(
                    services,
                    plans.map((p) => (p.key === draft.key ? next : p)),
                  )
                }
                onRemove={
                  own.length > 1
                    ? () =>
                        onChange(
                          services,
                          plans.filter((p) => p.key !== draft.key),
                        )
                    : undefined
                }
              />
            ))}
            <div>
              <Button
                variant="secondary"
                disabled={disabled || plans.length >= 9}
                onClick={() => onChange(services, [...plans, emptyPlanDraft(code as PlanServiceCode)])}
              >
                <Plus className="size-4" aria-hidden />
                Add another {nameOf(code)} plan
              </Button>
            </div>
          </section>
        );
      })}

      <ConfirmDialog
        open={dropping !== null}
        onOpenChange={(open) => !open && setDropping(null)}
        title={`Remove the ${dropping ? nameOf(dropping) : ''} plans?`}
        description="The details entered for these plans will be lost."
        confirmLabel="Remove Plans"
        destructive
        onConfirm={() => {
          if (dropping) drop(dropping);
          setDropping(null);
        }}
      />
    </div>
  );
}
