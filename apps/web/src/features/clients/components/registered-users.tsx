import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { Network, Users } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { EmailAndPhone } from '../../../components/ui/contact-links.tsx';
import { ListPage, listStatus } from '../../../components/ui/list-page.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useCursorPages } from '../../../lib/use-cursor-pages.ts';
import { useClients } from '../api/get-clients.ts';
import { BookExport } from './book-export.tsx';

/** "Registered Users", the agency's primary clients (issue 5), a page and search kept in the address. */
export function RegisteredUsers() {
  const pager = useCursorPages();
  // A changed search goes back to page 1, on the server across every client (the hook sends it).
  const { page, searched: query, box: search, setBox: setSearch } = pager;
  // A client opened from here knows the list's page and search, for its "All clients" link.
  const { search: listAddress } = useLocation();
  const clients = useClients({ ...pager.query, search: query });
  const status = listStatus(clients);
  const items = clients.data?.items ?? [];
  const total = clients.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE));

  return (
    <div className="flex flex-col gap-5">
      <BookExport />
      <ListPage
        heading={
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <p className="text-slate-600">
              {status === 'ready'
                ? `${total.toLocaleString('en-IN')} ${total === 1 ? 'client' : 'clients'}`
                : ' '}
            </p>
            <Link
              to="/dashboard/clients"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
            >
              <Network className="size-4" aria-hidden /> Family view
            </Link>
          </div>
        }
        search={{
          label: 'Search clients',
          placeholder: 'Search by name, email, phone or client code',
          value: search,
          onChange: setSearch,
        }}
        query={clients}
        loading={
          <ul className="divide-y divide-slate-100" aria-busy="true">
            {[0, 1, 2, 3, 4].map((i) => (
              <li key={i} className="flex items-center gap-4 px-5 py-4">
                <div className="h-4 w-28 animate-pulse rounded bg-slate-200" />
                <div className="h-4 w-48 animate-pulse rounded bg-slate-200" />
                <div className="ml-auto h-4 w-20 animate-pulse rounded bg-slate-200" />
              </li>
            ))}
          </ul>
        }
        error="We could not load your clients."
        isEmpty={items.length === 0}
        emptyIcon={Users}
        empty={
          query ? (
            <p>No clients match “{query}”. Try a name, email, phone number or client code.</p>
          ) : (
            <p>No clients yet. The clients you record will be listed here with their families and plans.</p>
          )
        }
        pager={{
          page,
          pages,
          onPage: (target) =>
            pager.goTo(target, {
              next: clients.data?.pagination.next_cursor ?? null,
              prev: clients.data?.pagination.prev_cursor ?? null,
            }),
        }}
      >
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
                <td className="px-5 py-3 text-slate-700 max-md:col-span-2 max-md:p-0">
                  <EmailAndPhone email={c.email} phone={c.phone} />
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
      </ListPage>
    </div>
  );
}
