import type { ImportHousehold, ImportJob } from '@portal/contract';
import { Houses } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, Loading, Skeleton } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatPhone } from '../../../lib/format.ts';
import { type HouseholdEdit, useChangeImportHouseholds } from '../api/change-import-households.ts';
import { useImportHouseholds } from '../api/get-import-households.ts';
import { formatCount, plural } from './import-labels.ts';

function HouseholdItem({
  household,
  names,
  selected,
  busy,
  onSelect,
  onEdit,
}: {
  household: ImportHousehold;
  names: Map<string, string>;
  selected: boolean;
  busy: boolean;
  onSelect: (on: boolean) => void;
  onEdit: (edit: HouseholdEdit) => void;
}) {
  const h = household;
  const alike = h.similar.map((key) => names.get(key) ?? 'another household');
  const small = { variant: 'secondary', className: 'min-h-8 px-3 py-1', disabled: busy } as const;
  return (
    <li className="flex gap-3 px-4 py-3 sm:px-5">
      <input
        type="checkbox"
        checked={selected}
        onChange={(e) => onSelect(e.target.checked)}
        aria-label={`Select ${h.client_name} to merge`}
        className="mt-1 size-5 shrink-0 cursor-pointer accent-primary-700"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="font-medium break-words text-slate-900">{h.client_name}</p>
          <Badge tone={h.outcome === 'new_client' ? 'blue' : 'slate'}>
            {h.outcome === 'new_client' ? 'New client' : 'Existing client'}
          </Badge>
        </div>
        <p className="text-sm text-slate-600">
          {[formatPhone(h.phone), plural(h.plans, 'plan'), plural(h.rows, 'row')].filter(Boolean).join(' · ')}
        </p>
        {h.members.length > 0 ? (
          <p className="text-sm break-words text-slate-700">Family: {h.members.join(', ')}</p>
        ) : null}
        {h.merged_from.length > 0 ? (
          <p className="text-xs text-slate-500">Merged from {plural(h.merged_from.length, 'household')}</p>
        ) : null}
        {h.split_from ? (
          <p className="text-xs text-slate-500">Split from {names.get(h.split_from) ?? 'a household'}</p>
        ) : null}
        {alike.length > 0 ? (
          <p className="text-sm text-amber-900">Looks like the same family as {alike.join(', ')}</p>
        ) : null}
        <div className="flex flex-wrap gap-2 pt-1">
          {h.similar.length > 0 ? (
            <Button {...small} onClick={() => onEdit({ merge: [h.key, ...h.similar] })}>
              Merge with look-alikes
            </Button>
          ) : null}
          {/* A client already in the book keeps their family: a split would write nothing, so none is offered. */}
          {h.outcome === 'new_client' && h.members.length > 0 && !h.split_from ? (
            <Button {...small} onClick={() => onEdit({ split: h.key })}>
              Split into {plural(h.members.length + 1, 'client')}
            </Button>
          ) : null}
          {h.merged_from.length > 1 ? (
            <Button {...small} onClick={() => onEdit({ unmerge: h.key })}>
              Separate again
            </Button>
          ) : null}
          {h.split_from ? (
            <Button {...small} onClick={() => onEdit({ unsplit: h.split_from ?? '' })}>
              Undo the split
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/**
 * The households the dry run found (issue 26 item 4): one client each, with the family members Held By names and
 * their plans. The agent merges households that are one family (the first keeps its client) or splits one into
 * a client per holder; the dry run then runs again.
 */
export function Households({ job }: { job: ImportJob }) {
  const households = useImportHouseholds(job.id);
  const change = useChangeImportHouseholds();
  const [selected, setSelected] = useState<string[]>([]);
  const items = households.data?.pages.flatMap((p) => p.data) ?? [];
  const total = households.data?.pages[0]?.total ?? 0;
  const names = new Map(items.map((h) => [h.key, h.client_name]));
  const send = (edit: HouseholdEdit) =>
    change.mutate({ id: job.id, edit }, { onSuccess: () => setSelected([]) });
  return (
    <section
      aria-labelledby="import-households-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white py-4 shadow-sm sm:py-5"
    >
      <div className="flex flex-col gap-1 px-4 sm:px-5">
        <h3 id="import-households-title" className="font-semibold text-slate-900">
          Households
        </h3>
        <p className="text-sm text-slate-600">
          Each household becomes one client with their family. Merge households that are the same family, or
          split one so that each holder is a client of their own.
        </p>
      </div>
      {households.isPending ? (
        <Loading label="Loading the households" className="flex flex-col gap-2 px-4 sm:px-5">
          <Skeleton variant="bar" className="h-16" />
          <Skeleton variant="bar" className="h-16" />
        </Loading>
      ) : households.isError && !households.isFetchNextPageError ? (
        <ErrorState variant="centred" className="px-5 py-8" onRetry={() => void households.refetch()}>
          Could not load the households.
        </ErrorState>
      ) : items.length === 0 ? (
        <EmptyState variant="centred" icon={Houses} className="px-5 py-8">
          <p>No household was found: no row could be read as a client.</p>
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3 px-4 sm:px-5" aria-live="polite">
            <p className="text-sm text-slate-600">
              Showing {formatCount(items.length)} of {plural(total, 'household')}
              {selected.length > 0 ? ` · ${formatCount(selected.length)} selected` : ''}
            </p>
            <Button
              variant="secondary"
              className="min-h-9 px-3 py-1"
              disabled={selected.length < 2 || change.isPending}
              busy={change.isPending && change.variables !== undefined && 'merge' in change.variables.edit}
              onClick={() => send({ merge: selected })}
            >
              Merge selected
            </Button>
          </div>
          {change.isError ? (
            <p role="alert" className="mx-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 sm:mx-5">
              {change.error instanceof ApiError
                ? change.error.message
                : 'The change could not be sent. Try again.'}
            </p>
          ) : null}
          <ul className="divide-y divide-slate-100 border-y border-slate-100">
            {items.map((h) => (
              <HouseholdItem
                key={h.key}
                household={h}
                names={names}
                selected={selected.includes(h.key)}
                busy={change.isPending}
                onSelect={(on) =>
                  setSelected((now) => (on ? [...now, h.key] : now.filter((k) => k !== h.key)))
                }
                onEdit={send}
              />
            ))}
          </ul>
          {households.isFetchNextPageError ? (
            <ErrorState
              variant="inline"
              className="px-4 sm:px-5"
              onRetry={() => void households.fetchNextPage()}
            >
              Could not load more households.
            </ErrorState>
          ) : households.hasNextPage ? (
            <div className="px-4 sm:px-5">
              <Button
                variant="secondary"
                busy={households.isFetchingNextPage}
                onClick={() => void households.fetchNextPage()}
              >
                Show more households
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
