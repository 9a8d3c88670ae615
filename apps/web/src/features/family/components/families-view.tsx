import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { List, Search, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { useFamilies } from '../api/get-families.ts';
import { FamilyCard } from './family-card.tsx';

const SEARCH_DEBOUNCE_MS = 300;

/** The family view: each client with family members and the plans each holds (issue 5). */
export function FamiliesView() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const families = useFamilies({
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
    limit: DEFAULT_PAGE_SIZE,
    search: query,
  });
  // Another page or search shows the skeleton while it loads, as the first load does.
  const loading =
    families.isPending || families.isPlaceholderData || (families.isError && families.isFetching);
  const ready = families.isSuccess && !loading;
  const items = families.data?.items ?? [];
  const total = families.data?.pagination.total ?? 0;

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const next = search.trim();
      setQuery((previous) => {
        if (previous !== next) setPage(1);
        return next;
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const pages = Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE));

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <h2 className="font-semibold text-slate-900">Families</h2>
          <p className="text-sm text-slate-600">
            {ready ? `${total.toLocaleString('en-IN')} ${total === 1 ? 'client' : 'clients'}` : ' '}
          </p>
          <Link
            to="/dashboard/users"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
          >
            <List className="size-4" aria-hidden /> List view
          </Link>
        </div>
        <div className="relative w-full sm:w-96">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            aria-label="Search families"
            placeholder="Search by name, email, phone or client code"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none"
          />
        </div>
      </div>

      {loading ? (
        <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading families">
          {[0, 1, 2].map((i) => (
            <div key={i} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="h-4 w-48 animate-pulse rounded bg-slate-200" />
              <div className="mt-2 h-3 w-64 animate-pulse rounded bg-slate-100" />
              <div className="mt-5 flex gap-2">
                <div className="h-7 w-40 animate-pulse rounded bg-slate-100" />
                <div className="h-7 w-48 animate-pulse rounded bg-slate-100" />
              </div>
            </div>
          ))}
        </div>
      ) : null}
      {families.isError && !loading ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white px-5 py-12 text-red-800 shadow-sm"
        >
          We could not load your clients' families.
          <Button variant="secondary" onClick={() => void families.refetch()}>
            Retry
          </Button>
        </div>
      ) : null}
      {ready && items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white px-5 py-12 text-center text-slate-600 shadow-sm">
          <Users className="size-8 text-slate-400" aria-hidden />
          {query ? (
            <p>No clients match “{query}”. Try a name, email, phone number or client code.</p>
          ) : (
            <>
              <p>No clients yet. Add a primary client, then their family members and plans.</p>
              <Link to="/dashboard/users/add" className="font-medium text-primary-700 hover:underline">
                Add Primary Client
              </Link>
            </>
          )}
        </div>
      ) : null}
      {ready && items.length > 0 ? (
        <div className="flex flex-col gap-4">
          {items.map((family) => (
            <FamilyCard key={family.primary_client_id} family={family} />
          ))}
        </div>
      ) : null}

      <Pager page={page} pages={pages} busy={loading} onPage={setPage} />
    </div>
  );
}
