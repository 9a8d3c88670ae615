import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-primary-700 text-white hover:bg-primary-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};

/**
 * A button that cannot be used looks it (issue 24 item 13: the theme had no colour for a disabled primary, so
 * "Next" looked clickable). A busy button keeps its colour: it is working, not unavailable.
 */
const UNAVAILABLE: Record<Variant, string> = {
  primary: 'bg-slate-200 text-slate-500 hover:bg-slate-200',
  secondary: 'border border-slate-200 bg-slate-50 text-slate-400 hover:bg-slate-50',
  ghost: 'text-slate-400 hover:bg-transparent',
  danger: 'bg-slate-200 text-slate-500 hover:bg-slate-200',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  busy?: boolean;
}

export function Button({
  variant = 'primary',
  busy = false,
  className,
  children,
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cn(
        'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed',
        disabled && !busy ? UNAVAILABLE[variant] : VARIANTS[variant],
        className,
      )}
    >
      {busy ? <Spinner size="small" /> : null}
      {children}
    </button>
  );
}
