import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

export interface StepperProps {
  steps: ReadonlyArray<{ key: string; title: string; short: string }>;
  current: number;
  /** Steps with problems found, shown in red. */
  failing: ReadonlySet<string>;
  /** The furthest step reached; earlier steps can be opened again. */
  reached: number;
  onOpen: (index: number) => void;
}

/** Progress through a guided form: numbered steps on wide screens, "Step n of m" and a bar on phones. */
export function Stepper({ steps, current, failing, reached, onOpen }: StepperProps) {
  const percent = Math.round(((current + 1) / steps.length) * 100);
  return (
    <nav aria-label="Form progress" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3 md:hidden">
        <p className="text-sm font-medium text-slate-700">
          Step {current + 1} of {steps.length} · {steps[current]?.title}
        </p>
        <p className="text-sm text-slate-500">{percent}%</p>
      </div>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-slate-200 md:hidden"
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full rounded-full bg-primary-700 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <ol className="hidden items-center gap-2 md:flex">
        {steps.map((step, index) => {
          const done = index < current;
          const bad = failing.has(step.key);
          const open = index <= reached && index !== current;
          return (
            <li key={step.key} className="flex min-w-0 flex-1 items-center gap-2">
              <button
                type="button"
                disabled={!open}
                onClick={() => onOpen(index)}
                aria-current={index === current ? 'step' : undefined}
                className={cn(
                  'flex min-w-0 items-center gap-2 rounded-md py-1 pr-2 text-left text-sm',
                  open ? 'hover:bg-slate-100' : 'cursor-default',
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                    bad
                      ? 'border-red-600 bg-red-50 text-red-700'
                      : index === current
                        ? 'border-primary-700 bg-primary-700 text-white'
                        : done
                          ? 'border-primary-700 bg-primary-50 text-primary-800'
                          : 'border-slate-300 text-slate-500',
                  )}
                >
                  {done && !bad ? <Check className="size-3.5" strokeWidth={3} /> : index + 1}
                </span>
                <span
                  className={cn(
                    'truncate',
                    index === current ? 'font-semibold text-slate-900' : 'text-slate-600',
                  )}
                >
                  {step.short}
                  {bad ? <span className="sr-only"> (needs attention)</span> : null}
                </span>
              </button>
              {index < steps.length - 1 ? <span aria-hidden className="h-px flex-1 bg-slate-200" /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
