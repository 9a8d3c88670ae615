import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { History } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { listStatus } from '../../../components/ui/list-page.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { useActivity } from '../api/get-activity.ts';
import { ActivityEntryRow } from './activity-entry.tsx';
import { ActivityFilterBar } from './activity-filters.tsx';
import { useActivityAddress } from './use-activity-address.ts';

// "Activity" (issue 25 item 4, owner only): who did what in the agency, newest first, filtered by person,
// client and days, paged by keyset with Prev and Next; filters and page are kept in the address.

const LOADING = (
  <ul className="divide-y divide-slate-100" aria-busy="true" aria-label="Loading activity">
    {[0, 1, 2, 3, 4, 5].map((i) => (
      <li key={i} className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:gap-6">
        <div className="h-4 w-36 animate-pulse rounded bg-slate-200" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="h-4 w-40 animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-64 max-w-full animate-pulse rounded bg-slate-200" />
        </div>
      </li>
    ))}
  </ul>
);

export function ActivityLog() {
  const { pager, filters, setFilter, clearFilters } = useActivityAddress();
  const backwards = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const activity = useActivity(
    { ...filters, limit: DEFAULT_PAGE_SIZE * 2, after: pager.nav.after, before: pager.nav.before },
    !backwards,
  );
  const status = backwards ? 'ready' : listStatus(activity);
  const items = backwards ? [] : (activity.data?.items ?? []);
  const next = activity.data?.pagination.next_cursor ?? null;
  const prev = activity.data?.pagination.prev_cursor ?? null;
  const filtered = Object.values(filters).some((v) => v !== '');
  const chosen = activity.data?.client;
  const clientLabel = chosen ? `${chosen.name} (${chosen.client_code})` : null;
  // Page 1 is the newest entries; a later page without its cursor (an address typed by hand) starts again there.
  const page = pager.nav.after || pager.nav.before ? pager.page : 1;

  return (
    <div className="flex flex-col gap-5">
      <p className="text-slate-600">Who did what in your agency, newest first.</p>
      <ActivityFilterBar
        filters={filters}
        clientLabel={clientLabel}
        onFilter={setFilter}
        onClear={clearFilters}
      />
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-label="Activity">
        {status === 'loading' ? LOADING : null}
        {status === 'error' ? (
          <ErrorState variant="centred" onRetry={() => void activity.refetch()}>
            We could not load the activity.
          </ErrorState>
        ) : null}
        {status === 'ready' && items.length === 0 ? (
          <EmptyState variant="centred" icon={History}>
            {backwards ? (
              <p>The date range ends before it starts. Choose a From date on or before the To date.</p>
            ) : filtered ? (
              <p>Nothing was done that matches these filters. Widen the dates or clear the filters.</p>
            ) : (
              <p>
                Nothing has been done yet. Sign-ins and every change to clients and plans will be listed here.
              </p>
            )}
          </EmptyState>
        ) : null}
        {status === 'ready' && items.length > 0 ? (
          <ol className="divide-y divide-slate-100" aria-label="Entries">
            {items.map((entry) => (
              <ActivityEntryRow key={entry.id} entry={entry} />
            ))}
          </ol>
        ) : null}
      </section>
      <nav aria-label="Pages" className="flex items-center justify-between gap-3">
        <Button
          variant="secondary"
          disabled={page <= 1 || !prev || status === 'loading'}
          onClick={() => pager.goTo(page - 1, { next, prev })}
        >
          Prev
        </Button>
        <span className="text-sm text-slate-700">Page {page}</span>
        <Button
          variant="secondary"
          disabled={!next || status === 'loading'}
          onClick={() => pager.goTo(page + 1, { next, prev })}
        >
          Next
        </Button>
      </nav>
    </div>
  );
}
