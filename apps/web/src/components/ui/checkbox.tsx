import * as RadixCheckbox from '@radix-ui/react-checkbox';
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

export function Checkbox({ checked, onCheckedChange, onBlur, label, error, name, disabled }: CheckboxProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <RadixCheckbox.Root
          id={id}
          name={name}
          disabled={disabled}
          checked={checked}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border border-slate-400 bg-white data-[state=checked]:border-primary-700 data-[state=checked]:bg-primary-700"
        >
          <RadixCheckbox.Indicator>
            <Check className="size-3.5 text-white" strokeWidth={3} aria-hidden />
          </RadixCheckbox.Indicator>
        </RadixCheckbox.Root>
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
