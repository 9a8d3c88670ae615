import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { Network, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { EmailAndPhone } from '../../../components/ui/contact-links.tsx';
import { ListPage, listStatus } from '../../../components/ui/list-page.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useCursorPages } from '../../../lib/use-cursor-pages.ts';
import { useClients } from '../api/get-clients.ts';
import { BookExport } from './book-export.tsx';
import { AgentFilter, SelectionBar, useAgentFilter, useIsManager } from './client-assignment.tsx';

/**
 * "Registered Users", the agency's primary clients (issue 5), a page and search kept in the address. The owner and
 * agency admins also see each client's agent, filter by agent and assign the selected clients (issue 25); an
 * agent sees only their own clients.
 */
export function RegisteredUsers() {
  const manager = useIsManager();
  const { agent, setAgent } = useAgentFilter();
  const pager = useCursorPages();
  // A changed search goes back to page 1, on the server across every client (the hook sends it).
  const { page, searched: query, box: search, setBox: setSearch } = pager;
  // A client opened from here knows the list's page and search, for its "All clients" link.
  const { search: listAddress } = useLocation();
  const clients = useClients({ ...pager.query, search: query, ...(manager && agent ? { agent } : {}) });
  const status = listStatus(clients);
  const items = clients.data?.items ?? [];
  // The selection is of the page shown: another page, search or filter starts a new one.
  const [selected, setSelected] = useState<string[]>([]);
  const shown = items.map((c) => c.primary_client_id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` names the page; a new page clears the selection.
  useEffect(() => setSelected([]), [shown]);
  const toggle = (id: string, on: boolean) =>
    setSelected((now) => (on ? [...now, id] : now.filter((x) => x !== id)));
  const allOn = items.length > 0 && selected.length === items.length;
  const someOn = selected.length > 0 && !allOn;
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = someOn;
  });
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
            {manager ? <AgentFilter agent={agent} onChange={setAgent} /> : null}
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
          ) : manager && agent ? (
            <p>No clients here yet. Choose “Everyone’s clients” and assign some with “Assign to…”.</p>
          ) : !manager ? (
            <p>
              No clients are assigned to you yet. The clients you add, or the owner assigns you, are listed
              here.
            </p>
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
        {manager ? <SelectionBar selected={selected} onClear={() => setSelected([])} /> : null}
        {manager ? (
          <label className="flex items-center gap-3 border-b border-slate-100 px-5 py-3 text-sm text-slate-700 md:hidden">
            <input
              type="checkbox"
              className="size-4 accent-primary-700"
              checked={allOn}
              onChange={(e) => setSelected(e.target.checked ? items.map((c) => c.primary_client_id) : [])}
            />
            Select every client on this page
          </label>
        ) : null}
        <table className="w-full text-left text-sm max-md:block">
          <thead className="bg-slate-50 text-slate-600 max-md:hidden">
            <tr>
              {manager ? (
                <th className="w-10 py-3 pl-5">
                  <input
                    ref={selectAll}
                    type="checkbox"
                    aria-label="Select every client on this page"
                    className="size-4 align-middle accent-primary-700"
                    checked={allOn}
                    onChange={(e) =>
                      setSelected(e.target.checked ? items.map((c) => c.primary_client_id) : [])
                    }
                  />
                </th>
              ) : null}
              <th className="px-5 py-3 font-medium">Client code</th>
              <th className="px-5 py-3 font-medium">Name</th>
              <th className="px-5 py-3 font-medium">Contact</th>
              <th className="px-5 py-3 text-right font-medium">Family</th>
              <th className="px-5 py-3 text-right font-medium">Plans</th>
              <th className="px-5 py-3 font-medium">Portal</th>
              {manager ? <th className="px-5 py-3 font-medium">Agent</th> : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-md:block">
            {items.map((c) => (
              <tr
                key={c.primary_client_id}
                className="max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-1 max-md:px-5 max-md:py-4"
              >
                {manager ? (
                  <td className="w-10 py-3 pl-5 max-md:col-span-2 max-md:p-0">
                    <label className="flex items-center gap-2 text-xs text-slate-600">
                      <input
                        type="checkbox"
                        aria-label={`Select ${c.full_name}`}
                        className="size-4 accent-primary-700"
                        checked={selected.includes(c.primary_client_id)}
                        onChange={(e) => toggle(c.primary_client_id, e.target.checked)}
                      />
                      <span className="md:hidden">Select</span>
                    </label>
                  </td>
                ) : null}
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
                {manager ? (
                  <td className="px-5 py-3 text-slate-700 max-md:p-0">
                    <span className="md:hidden">Agent: </span>
                    {c.assigned_agent ? (
                      c.assigned_agent.name
                    ) : (
                      <span className="text-slate-500">Nobody</span>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </ListPage>
    </div>
  );
}
