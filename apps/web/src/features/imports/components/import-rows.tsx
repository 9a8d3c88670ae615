import type { ImportRow } from '@portal/contract';
import { ListChecks } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { control } from '../../../components/ui/field.tsx';
import { EmptyState, ErrorState, Loading, Skeleton } from '../../../components/ui/query-states.tsx';
import { cn } from '../../../lib/cn.ts';
import { type RowsFilter, useImportRows } from '../api/get-import-rows.ts';
import { formatCount, matchNote, OUTCOME_LABEL, OUTCOME_TONE, plural } from './import-labels.ts';

function RowItem({ row, showSheet }: { row: ImportRow; showSheet: boolean }) {
  const note = matchNote(row);
  return (
    <li className="flex flex-col gap-1.5 px-4 py-3 sm:px-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="text-sm font-medium text-slate-900 tabular-nums">
          Row {formatCount(row.row_number)}
          {showSheet ? <span className="font-normal text-slate-500"> · {row.sheet}</span> : null}
        </p>
        <Badge tone={OUTCOME_TONE[row.outcome]}>{OUTCOME_LABEL[row.outcome]}</Badge>
        {note ? <span className="text-xs text-slate-600">{note}</span> : null}
      </div>
      {row.summary ? <p className="text-sm break-words text-slate-700">{row.summary}</p> : null}
      {row.new_provider ? (
        <p className="text-xs text-blue-800">New provider, created with the import: {row.new_provider}</p>
      ) : null}
      {row.errors.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm text-red-800">
          {row.errors.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row's errors are a fixed list from one answer.
            <li key={i} className="break-words">
              {e.column ? <span className="font-medium">Column “{e.column}”: </span> : null}
              {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

const EMPTY: Partial<Record<RowsFilter, string>> = {
  problems: 'No row has an error or is already present.',
  error: 'No row has an error.',
  duplicate: 'No row is already present.',
  skipped: 'No row was skipped.',
  present: 'No row was already present.',
};

/**
 * The answer per row (issue 26 item 3), in the file's order, filtered by outcome: row number, what it is, what
 * happens to it, and each error with its column in the forms' own words. "Show more rows" asks for the page after
 * the last one (the answer's `next`).
 */
export function ImportRows({
  id,
  filters,
  showSheet,
  initial = 'all',
}: {
  id: string;
  filters: ReadonlyArray<{ filter: RowsFilter; label: string }>;
  showSheet: boolean;
  initial?: RowsFilter;
}) {
  const heading = useId();
  const [filter, setFilter] = useState<RowsFilter>(initial);
  const rows = useImportRows(id, filter);
  const items = rows.data?.pages.flatMap((p) => p.data) ?? [];
  const total = rows.data?.pages[0]?.total ?? 0;
  const retry = () => void (rows.isFetchNextPageError ? rows.fetchNextPage() : rows.refetch());
  return (
    <section
      aria-labelledby={heading}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white py-4 shadow-sm sm:py-5"
    >
      <div className="flex flex-col gap-3 px-4 sm:px-5">
        <h3 id={heading} className="font-semibold text-slate-900">
          Rows
        </h3>
        {/* On a phone the outcomes are one labelled list, so the rows start at once; wider, a row of buttons. */}
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700 sm:hidden">
          Show
          <select
            value={filter}
            onChange={(e) => setFilter(e.target.value as RowsFilter)}
            className={cn(control, 'min-h-10 flex-1 border-slate-300')}
          >
            {filters.map((f) => (
              <option key={f.filter} value={f.filter}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="hidden flex-wrap gap-2 sm:flex">
          <legend className="sr-only">Show rows</legend>
          {filters.map((f) => (
            <button
              key={f.filter}
              type="button"
              aria-pressed={filter === f.filter}
              onClick={() => setFilter(f.filter)}
              className={cn(
                'min-h-9 rounded-full border px-3 text-sm font-medium',
                filter === f.filter
                  ? 'border-primary-700 bg-primary-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {f.label}
            </button>
          ))}
        </fieldset>
      </div>
      {rows.isPending || (rows.isError && rows.isFetching && !rows.isFetchingNextPage) ? (
        <Loading label="Loading the rows" className="flex flex-col gap-2 px-4 sm:px-5">
          <Skeleton variant="bar" className="h-12" />
          <Skeleton variant="bar" className="h-12" />
          <Skeleton variant="bar" className="h-12" />
        </Loading>
      ) : rows.isError && !rows.isFetchNextPageError ? (
        <ErrorState variant="centred" className="px-5 py-8" onRetry={retry}>
          Could not load the rows.
        </ErrorState>
      ) : items.length === 0 ? (
        <EmptyState variant="centred" icon={ListChecks} className="px-5 py-8">
          <p>{EMPTY[filter] ?? 'No row has this outcome.'}</p>
        </EmptyState>
      ) : (
        <>
          <p className="px-4 text-sm text-slate-600 sm:px-5" aria-live="polite">
            Showing {formatCount(items.length)} of {plural(total, 'row')}
          </p>
          <ul className="divide-y divide-slate-100 border-y border-slate-100">
            {items.map((row) => (
              <RowItem key={`${row.sheet}:${row.row_number}`} row={row} showSheet={showSheet} />
            ))}
          </ul>
          {rows.isFetchNextPageError ? (
            <ErrorState variant="inline" className="px-4 sm:px-5" onRetry={retry}>
              Could not load more rows.
            </ErrorState>
          ) : null}
          {rows.hasNextPage && !rows.isFetchNextPageError ? (
            <div className="px-4 sm:px-5">
              <Button
                variant="secondary"
                busy={rows.isFetchingNextPage}
                onClick={() => void rows.fetchNextPage()}
              >
                Show more rows
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
