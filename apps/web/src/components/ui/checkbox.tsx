import { Check } from 'lucide-react';
import { type ReactNode, useId } from 'react';

export interface CheckboxProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onBlur?: () => void;
  label: ReactNode;
  error?: string | undefined;
  name?: string;
  disabled?: boolean;
}

/**
 * A native checkbox drawn as the portal's: the browser gives it its role, keyboard and form behaviour, with no
 * script of its own (Radix's checkbox cost each route that shows one 2 kB of gzipped JavaScript).
 */
export function Checkbox({ checked, onCheckedChange, onBlur, label, error, name, disabled }: CheckboxProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <span className="relative mt-0.5 flex size-5 shrink-0">
          <input
            id={id}
            type="checkbox"
            name={name}
            disabled={disabled}
            checked={checked}
            onChange={(e) => onCheckedChange(e.target.checked)}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="peer size-5 cursor-pointer appearance-none rounded border border-slate-400 bg-white checked:border-primary-700 checked:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:cursor-not-allowed disabled:opacity-50"
          />
          <Check
            className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-white peer-checked:block"
            strokeWidth={3}
            aria-hidden
          />
        </span>
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="pl-8 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
