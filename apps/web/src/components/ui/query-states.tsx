import type { UseQueryResult } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';
import { useUiText } from './ui-text.tsx';

// The states of a screen's data (visual language: "states are designed, not left over"): a skeleton shaped like
// what comes, an error with a way to retry, an empty state that says what to do next. Every screen uses these.

/**
 * One block of a skeleton; the caller gives it the final element's size and radius. `card` (the default) is a
 * white card's outline, `bar` a grey bar (a line of text, a figure, a part of a card).
 */
export function Skeleton({ className, variant = 'card' }: { className?: string; variant?: 'card' | 'bar' }) {
  return (
    <div
      aria-hidden
      className={cn(
        variant === 'bar'
          ? 'animate-pulse rounded-md bg-slate-200'
          : 'animate-pulse rounded-xl border border-slate-200 bg-white',
        className,
      )}
    />
  );
}

/** A loading region: announced once by its label, its skeletons hidden from assistive technology. */
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

/** A line with a small spinner, where a skeleton would be out of proportion (a field, a card's part). */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600">
      <Spinner size="small" /> {children}
    </div>
  );
}

/**
 * A failed load and its Retry. `panel` (the default) is a red box for a screen's main content; `centred` the body
 * of a card or list whose load failed (centred words and Retry, no box of its own; `className` sets its padding);
 * `inline` a line of red text for a part of a form or card. A panel may have a `title` above the words and an
 * alert `icon` beside them; without `onRetry` it offers only its `actions` (a failure that a retry cannot mend).
 */
export function ErrorState({
  children,
  onRetry,
  variant = 'panel',
  actions,
  className,
  title,
  icon = false,
}: {
  children: ReactNode;
  onRetry?: () => void;
  variant?: 'panel' | 'centred' | 'inline';
  /** More buttons beside Retry. */
  actions?: ReactNode;
  className?: string;
  title?: string;
  icon?: boolean;
}) {
  const text = useUiText();
  const retry = onRetry ? (
    <Button variant="secondary" onClick={onRetry}>
      {text.retry}
    </Button>
  ) : null;
  if (variant === 'centred') {
    return (
      <div
        role="alert"
        className={cn('flex flex-col items-center gap-3 text-red-800', className ?? 'px-5 py-12')}
      >
        {children}
        {retry}
        {actions}
      </div>
    );
  }
  if (variant === 'inline') {
    return (
      <div role="alert" className={cn('flex flex-wrap items-center gap-3 text-sm text-red-700', className)}>
        {children}
        {retry}
        {actions}
      </div>
    );
  }
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-800',
        className,
      )}
    >
      {title || icon ? (
        <div className="flex items-start gap-2">
          {icon ? <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden /> : null}
          <div>
            {title ? <h2 className="font-semibold">{title}</h2> : null}
            <p className={title ? 'mt-1 text-sm' : undefined}>{children}</p>
          </div>
        </div>
      ) : (
        children
      )}
      {retry || actions ? (
        <div className="flex flex-wrap gap-3">
          {retry}
          {actions}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Nothing to show yet, and what to do about it. `box` (the default) is a dashed box of its own (with an `icon`,
 * the icon above smaller words, the action under them); `centred` the body of a card or list with nothing in it
 * (an icon above the words; `className` sets its padding).
 */
export function EmptyState({
  children,
  action,
  className,
  variant = 'box',
  icon: Icon,
}: {
  children: ReactNode;
  action?: ReactNode;
  className?: string;
  variant?: 'box' | 'centred';
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}) {
  if (variant === 'centred') {
    return (
      <div
        className={cn(
          'flex flex-col items-center gap-2 text-center text-slate-600',
          className ?? 'px-5 py-12',
        )}
      >
        {Icon ? <Icon className="size-8 text-slate-400" aria-hidden /> : null}
        {children}
        {action}
      </div>
    );
  }
  if (Icon) {
    return (
      <div
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center',
          className,
        )}
      >
        <Icon className="size-8 text-slate-400" aria-hidden />
        <p className="max-w-md text-sm text-slate-600">{children}</p>
        {action}
      </div>
    );
  }
  return (
    <div
      className={cn('rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center', className)}
    >
      <div className="mx-auto max-w-md text-slate-600">{children}</div>
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/**
 * Shows a query's loading, error-with-Retry, empty or ready state. `error` is the sentence of a failed load; an
 * `errorView` replaces the whole error state (a 404 that reads "not found" rather than "retry").
 */
export function QueryState<T>({
  query,
  loading,
  error,
  errorView,
  isEmpty,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'status' | 'data' | 'error' | 'refetch' | 'isFetching'>;
  loading: ReactNode;
  error: ReactNode;
  errorView?: (error: Error, retry: () => void) => ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const retry = () => void query.refetch();
  // A Retry shows the loading state again, as the first load did.
  if (query.status === 'pending' || (query.status === 'error' && query.isFetching)) return <>{loading}</>;
  if (query.status === 'error') {
    const custom = errorView?.(query.error as Error, retry);
    if (custom !== undefined && custom !== null) return <>{custom}</>;
    return <ErrorState onRetry={retry}>{error}</ErrorState>;
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}

type Loadable<T> = Pick<UseQueryResult<T>, 'status' | 'data' | 'error' | 'refetch' | 'isFetching'>;

/**
 * Several queries shown as one screen's data: loading until all have answered, failed when one failed (Retry
 * asks again only what failed), ready with every answer in order.
 */
export function combineQueries<const Q extends readonly Loadable<unknown>[]>(
  queries: Q,
): Loadable<{ [K in keyof Q]: NonNullable<Q[K]['data']> }> {
  const failed = queries.filter((q) => q.status === 'error');
  const status =
    failed.length > 0 ? 'error' : queries.every((q) => q.status === 'success') ? 'success' : 'pending';
  return {
    status,
    data: (status === 'success' ? queries.map((q) => q.data) : undefined) as never,
    error: (failed[0]?.error ?? null) as never,
    isFetching: queries.some((q) => q.isFetching),
    refetch: (async () => {
      await Promise.all(failed.map((q) => q.refetch()));
    }) as never,
  } as never;
}
