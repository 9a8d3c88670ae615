import {
  CLAIM_STATUS_LABELS,
  CLAIM_STATUSES,
  type Claim,
  DEFAULT_PAGE_SIZE,
  OPEN_CLAIM_STATUSES,
} from '@portal/contract';
import { FileHeart, Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { listStatus, useListSearch } from '../../../components/ui/list-page.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useClaims } from '../api/get-claims.ts';
import { ageLabel, ClaimStatusBadge } from './claim-status-badge.tsx';

// /dashboard/claims (issue 28 item 4): the agency's claims by status and age, searched by the insurer's claim
// number or the client's name, newest first in keyset pages with Prev and Next. An agent sees their clients' only.

const TABS = ['open', ...CLAIM_STATUSES, ''] as const;
const TAB_LABELS: Record<string, string> = { open: 'Open', '': 'All', ...CLAIM_STATUS_LABELS };
/** The tab in the address: `?status=` a status or `all`; none is Open. */
const tabOf = (value: string | null): string =>
  value === null
    ? 'open'
    : value === 'all'
      ? ''
      : (TABS as readonly string[]).includes(value)
        ? value
        : 'open';
const OPEN: readonly string[] = OPEN_CLAIM_STATUSES;

// The reminder setting (managers only) loads after the list itself.
const ClaimReminderSettings = lazy(() =>
  import('./claim-reminder-settings.tsx').then((m) => ({ default: m.ClaimReminderSettings })),
);

const LOADING = (
  <ul className="divide-y divide-slate-100" aria-busy="true" aria-label="Loading claims">
    {[0, 1, 2, 3, 4].map((i) => (
      <li key={i} className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:gap-6">
        <div className="flex flex-1 flex-col gap-2">
          <div className="h-4 w-44 animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-64 max-w-full animate-pulse rounded bg-slate-200" />
        </div>
        <div className="h-5 w-24 animate-pulse rounded-full bg-slate-200" />
        <div className="h-4 w-20 animate-pulse rounded bg-slate-200" />
      </li>
    ))}
  </ul>
);

interface Place {
  page: number;
  after?: string | undefined;
  before?: string | undefined;
}

export function ClaimsRegister({ manages = false }: { manages?: boolean }) {
  const [params, setParams] = useSearchParams();
  const status = tabOf(params.get('status'));
  const setStatus = (next: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'open') out.delete('status');
        else out.set('status', next || 'all');
        return out;
      },
      { replace: true },
    );
  const search = useListSearch();
  const [place, setPlace] = useState<Place>({ page: 1 });
  const [searchedFor, setSearchedFor] = useState(search.searched);
  // A new search or tab starts again at the newest claims.
  if (searchedFor !== search.searched) {
    setSearchedFor(search.searched);
    setPlace({ page: 1 });
  }
  const claims = useClaims({
    status,
    search: search.searched,
    limit: DEFAULT_PAGE_SIZE,
    after: place.after,
    before: place.before,
  });
  const state = listStatus(claims);
  const items = state === 'ready' ? (claims.data?.items ?? []) : [];
  const next = claims.data?.pagination.next_cursor ?? null;
  const prev = claims.data?.pagination.prev_cursor ?? null;
  const total = claims.data?.pagination.total ?? 0;
  const staleDays = claims.data?.stale_days ?? null;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-600">Every claim of your clients, from intimation to settlement.</p>
        <div className="relative w-full sm:w-80">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            aria-label="Search claims"
            placeholder="Claim number or client name"
            value={search.box}
            onChange={(e) => search.setBox(e.target.value)}
            className="w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none"
          />
        </div>
      </div>
      <div role="tablist" aria-label="Status" className="flex flex-wrap gap-2">
        {TABS.map((s) => (
          <button
            key={s || 'all'}
            type="button"
            role="tab"
            aria-selected={s === status}
            onClick={() => {
              setStatus(s);
              setPlace({ page: 1 });
            }}
            className={cn(
              'min-h-9 rounded-full border px-3 py-1 text-sm font-medium',
              s === status
                ? 'border-primary-700 bg-primary-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {TAB_LABELS[s]}
          </button>
        ))}
      </div>

      <section aria-label="Claims" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="border-b border-slate-200 px-5 py-3 text-sm text-slate-600">
          {state === 'ready'
            ? `${total} ${total === 1 ? 'claim' : 'claims'}${status ? ` · ${TAB_LABELS[status]?.toLowerCase()}` : ''}`
            : ' '}
        </div>
        {state === 'loading' ? LOADING : null}
        {state === 'error' ? (
          <ErrorState variant="centred" onRetry={() => void claims.refetch()}>
            We could not load the claims.
          </ErrorState>
        ) : null}
        {state === 'ready' && items.length === 0 ? (
          <EmptyState variant="centred" icon={FileHeart}>
            {search.searched ? (
              <p>
                No claim matches “{search.searched}”. Search by the insurer’s claim number or the client’s
                name.
              </p>
            ) : status === 'open' ? (
              <p>No open claims. Intimate a claim from the plan’s page when a client calls about one.</p>
            ) : (
              <p>No claims here. Try another status.</p>
            )}
          </EmptyState>
        ) : null}
        {state === 'ready' && items.length > 0 ? (
          <ul className="divide-y divide-slate-100" aria-label="Claims found">
            {items.map((claim) => (
              <ClaimRow key={claim.id} claim={claim} staleDays={staleDays} />
            ))}
          </ul>
        ) : null}
      </section>
      <nav aria-label="Pages" className="flex items-center justify-between gap-3">
        <Button
          variant="secondary"
          disabled={place.page <= 1 || !prev || state === 'loading'}
          onClick={() => setPlace({ page: place.page - 1, before: prev ?? undefined })}
        >
          Prev
        </Button>
        <span className="text-sm text-slate-700">Page {place.page}</span>
        <Button
          variant="secondary"
          disabled={!next || state === 'loading'}
          onClick={() => setPlace({ page: place.page + 1, after: next ?? undefined })}
        >
          Next
        </Button>
      </nav>
      {manages ? (
        <Suspense fallback={null}>
          <ClaimReminderSettings />
        </Suspense>
      ) : null}
    </div>
  );
}

function ClaimRow({ claim, staleDays }: { claim: Claim; staleDays: number | null }) {
  const waiting = staleDays !== null && OPEN.includes(claim.status) && claim.days_in_status > staleDays;
  return (
    <li className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link
          to={`/dashboard/claims/${claim.id}`}
          className="font-medium text-slate-900 underline-offset-2 hover:underline"
        >
          {claim.client_name}
        </Link>
        <span className="text-sm break-words text-slate-600">
          {claim.kind_label} · {claim.plan_number}
          {claim.provider_name ? ` · ${claim.provider_name}` : ''}
        </span>
        <span className="text-xs text-slate-500">
          Intimated {formatDate(claim.intimated_on)}
          {claim.insurer_claim_number ? ` · Claim no. ${claim.insurer_claim_number}` : ''}
        </span>
        {waiting ? (
          <span className="text-xs font-medium text-amber-800">
            Waiting {claim.days_in_status} days at this step: follow it up
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 sm:w-80 sm:justify-end">
        <ClaimStatusBadge status={claim.status} />
        <span className="text-sm text-slate-700 tabular-nums" title="Days since intimation">
          {ageLabel(claim.age_days)}
        </span>
        <span className="text-sm font-medium whitespace-nowrap text-slate-900 tabular-nums">
          {claim.claimed_amount ? formatMoney(claim.claimed_amount) : '—'}
        </span>
      </div>
    </li>
  );
}
