import { AlertCircle, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

// Small building blocks every client screen shares: page heading, card, label/value pairs, and the
// designed loading, empty and error states (visual language: states are designed, not left over).

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{title}</h1>
      {children}
    </div>
  );
}

export function Card({
  title,
  action,
  children,
  className,
  labelledBy,
}: {
  title?: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  labelledBy?: string;
}) {
  return (
    <section
      aria-label={labelledBy ? undefined : title}
      aria-labelledby={labelledBy}
      className={cn('rounded-xl border border-slate-200 bg-white p-5 shadow-sm', className)}
    >
      {title || action ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title ? <h2 className="font-semibold text-slate-900">{title}</h2> : <span />}
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** One label and its value; empty values read as a dash (spec §5). */
export function Field({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  const empty = value === null || value === undefined || value === '';
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900 tabular-nums">{empty ? '—' : value}</dd>
    </div>
  );
}

export function Fields({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-4 text-sm lg:grid-cols-3">{children}</dl>;
}

export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel = 'Retry',
  action,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
  action?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-800"
    >
      <div className="flex items-start gap-2">
        <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div>
          {title ? <h2 className="font-semibold">{title}</h2> : null}
          <p className={title ? 'mt-1 text-sm' : undefined}>{message}</p>
        </div>
      </div>
      {onRetry || action ? (
        <div className="flex flex-wrap gap-2">
          {onRetry ? (
            <Button variant="secondary" onClick={onRetry}>
              {retryLabel}
            </Button>
          ) : null}
          {action}
        </div>
      ) : null}
    </div>
  );
}

export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <Inbox className="size-8 text-slate-400" aria-hidden />
      <p className="max-w-md text-sm text-slate-600">{message}</p>
      {children}
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}

/** A loading region: announced once, its skeletons hidden from assistive technology. */
export function Loading({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={className}>
      {children}
    </div>
  );
}
