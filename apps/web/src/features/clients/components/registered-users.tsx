import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { Network, Search, Users } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useCursorPages } from '../../../lib/use-cursor-pages.ts';
import { useClients } from '../api/get-clients.ts';

/** "Registered Users", the agency's primary clients (issue 5), a page and search kept in the address. */
export function RegisteredUsers() {
  const pager = useCursorPages();
  // A changed search goes back to page 1, on the server across every client (the hook sends it).
  const { page, searched: query, box: search, setBox: setSearch } = pager;
  // A client opened from here knows the list's page and search, for its "All clients" link.
  const { search: listAddress } = useLocation();
  const clients = useClients({ ...pager.query, search: query });
  // Another page or search shows the skeleton while it loads, as the first load does.
  const loading = clients.isPending || clients.isPlaceholderData || (clients.isError && clients.isFetching);
  const ready = clients.isSuccess && !loading;
  const items = clients.data?.items ?? [];
  const total = clients.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE));

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <p className="text-slate-600">
            {ready ? `${total.toLocaleString('en-IN')} ${total === 1 ? 'client' : 'clients'}` : ' '}
          </p>
          <Link
            to="/dashboard/clients"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
          >
            <Network className="size-4" aria-hidden /> Family view
          </Link>
        </div>
        <div className="relative w-full sm:w-96">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            aria-label="Search clients"
            placeholder="Search by name, email, phone or client code"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none"
          />
        </div>
      </div>

      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        {loading ? (
          <ul className="divide-y divide-slate-100" aria-busy="true">
            {[0, 1, 2, 3, 4].map((i) => (
              <li key={i} className="flex items-center gap-4 px-5 py-4">
                <div className="h-4 w-28 animate-pulse rounded bg-slate-200" />
                <div className="h-4 w-48 animate-pulse rounded bg-slate-200" />
                <div className="ml-auto h-4 w-20 animate-pulse rounded bg-slate-200" />
              </li>
            ))}
          </ul>
        ) : null}
        {clients.isError && !loading ? (
          <ErrorState variant="centred" onRetry={() => void clients.refetch()}>
            We could not load your clients.
          </ErrorState>
        ) : null}
        {ready && items.length === 0 ? (
          <EmptyState variant="centred" icon={Users}>
            {query ? (
              <p>No clients match “{query}”. Try a name, email, phone number or client code.</p>
            ) : (
              <p>No clients yet. The clients you record will be listed here with their families and plans.</p>
            )}
          </EmptyState>
        ) : null}
        {ready && items.length > 0 ? (
          <table className="w-full text-left text-sm max-md:block">
            <thead className="bg-slate-50 text-slate-600 max-md:hidden">
              <tr>
                <th className="px-5 py-3 font-medium">Client code</th>
                <th className="px-5 py-3 font-medium">Name</th>
                <th className="px-5 py-3 font-medium">Contact</th>
                <th className="px-5 py-3 text-right font-medium">Family</th>
                <th className="px-5 py-3 text-right font-medium">Plans</th>
                <th className="px-5 py-3 font-medium">Portal</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 max-md:block">
              {items.map((c) => (
                <tr
                  key={c.primary_client_id}
                  className="max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-1 max-md:px-5 max-md:py-4"
                >
                  <td className="px-5 py-3 font-mono text-xs text-slate-600 max-md:col-span-2 max-md:p-0">
                    {c.client_code}
                  </td>
                  <td className="px-5 py-3 max-md:col-span-2 max-md:p-0">
                    <Link
                      to={`/dashboard/users/${c.primary_client_id}`}
                      state={{ list: listAddress }}
                      className="font-medium text-primary-700 hover:underline"
                    >
                      {c.full_name}
                    </Link>
                    <p className="text-xs text-slate-500">Added {formatDate(c.created_at)}</p>
                  </td>
                  <td className="px-5 py-3 break-all text-slate-700 max-md:col-span-2 max-md:p-0">
                    {[c.email, c.phone].filter(Boolean).join(' · ') || '—'}
                  </td>
                  <td className="px-5 py-3 text-right tabular-nums max-md:p-0 max-md:text-left">
                    <span className="md:hidden">Family: </span>
                    {c.family_count}
                  </td>
                  <td className="px-5 py-3 text-right tabular-nums max-md:p-0 max-md:text-left">
                    <span className="md:hidden">Plans: </span>
                    {c.plan_count}
                  </td>
                  <td className="px-5 py-3 max-md:p-0">
                    {c.portal_access ? (
                      <Badge tone="green">Portal on</Badge>
                    ) : (
                      <Badge tone="slate">Portal off</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>

      <Pager
        page={page}
        pages={pages}
        busy={loading}
        onPage={(target) =>
          pager.goTo(target, {
            next: clients.data?.pagination.next_cursor ?? null,
            prev: clients.data?.pagination.prev_cursor ?? null,
          })
        }
      />
    </div>
  );
}
