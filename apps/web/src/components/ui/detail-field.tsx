import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

// Read-only label: value pairs in a description list (a record's details). The form inputs are in field.tsx.

/** One label and its value; an empty value reads as a dash (spec §5). */
export function Field({
  label,
  value,
  className,
  mono,
  tone,
}: {
  label: string;
  value: ReactNode;
  /** Layout classes (a column span). */
  className?: string;
  /** Identifiers (PAN, account numbers) in a fixed-width face. */
  mono?: boolean;
  /** `danger`: a value that needs attention (an expired date). */
  tone?: 'danger';
}) {
  const empty = value === null || value === undefined || value === '';
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd
        className={cn(
          'mt-0.5 break-words tabular-nums',
          tone === 'danger' ? 'text-red-700' : 'text-slate-900',
          mono && 'font-mono',
        )}
      >
        {empty ? '—' : value}
      </dd>
    </div>
  );
}

/** The grid of a card's fields; `columns` gives its column classes (two, three on a wide screen by default). */
export function Fields({
  children,
  columns = 'grid-cols-2 lg:grid-cols-3',
}: {
  children: ReactNode;
  columns?: string;
}) {
  return <dl className={cn('grid gap-4 text-sm', columns)}>{children}</dl>;
}
