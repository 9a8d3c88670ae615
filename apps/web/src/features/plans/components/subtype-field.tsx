import { plainAmount } from '@portal/contract';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { formatMoney } from '../../../lib/format.ts';
import type { SubtypeInput } from './service-fields.ts';

// One per-service input of a plan (spec §3 subtype_fields and the product fields of issue 24 item 8).

/** Options for a suggestion list, keeping a stored value that is not among them. */
export function withCurrent(options: readonly string[], current: string) {
  return current && !options.includes(current) ? [...options, current] : [...options];
}

export function moneyHint(value: string, fallback: string) {
  const n = Number(plainAmount(value));
  return value.trim() !== '' && Number.isFinite(n) && n >= 0 ? formatMoney(n) : fallback;
}

export function SubtypeField({
  id,
  input,
  value,
  error,
  disabled,
  onChange,
}: {
  id: string;
  input: SubtypeInput;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  if (input.kind === 'select') {
    return (
      <SelectField
        id={id}
        label={input.label}
        placeholder={
          input.placeholder ?? (input.optional ? 'Not recorded' : `Select ${input.label.toLowerCase()}`)
        }
        optional={input.optional}
        options={withCurrent(input.options ?? [], value)}
        optionLabels={input.optionLabels}
        value={value}
        disabled={disabled}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  const byKind = {
    text: { inputMode: undefined, hint: input.hint },
    money: { inputMode: 'decimal' as const, hint: moneyHint(value, input.hint ?? 'In rupees.') },
    years: { inputMode: 'numeric' as const, hint: input.hint },
    days: { inputMode: 'numeric' as const, hint: input.hint },
    percent: { inputMode: 'decimal' as const, hint: input.hint },
    digits: { inputMode: 'numeric' as const, hint: input.hint },
  }[input.kind];
  return (
    <TextField
      id={id}
      label={input.label}
      optional={input.optional}
      inputMode={byKind.inputMode}
      hint={byKind.hint}
      placeholder={input.placeholder}
      autoComplete="off"
      value={value}
      disabled={disabled}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
