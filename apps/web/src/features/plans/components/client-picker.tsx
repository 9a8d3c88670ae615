import type { PrimaryClientListItem } from '@portal/contract';
import { Search, UserRound } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePrimaryClientSearch } from '../api/search-primary-clients.ts';

const SEARCH_DEBOUNCE_MS = 300;

export interface ClientPickerProps {
  onPick: (client: PrimaryClientListItem) => void;
  error?: string | undefined;
}

/** Finds one of the agency's primary clients by name, email, phone or client code (server search). */
export function ClientPicker({ onPick, error }: ClientPickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const found = usePrimaryClientSearch(query);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-700">
        Find the client
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Name, email, phone or client code"
          value={search}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setSearch(e.target.value)}
          className={cn(
            'w-full rounded-md border bg-white py-2 pr-3 pl-9 text-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none',
            error ? 'border-red-600' : 'border-slate-300',
          )}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div aria-live="polite" className="rounded-lg border border-slate-200">
        {found.isPending || (found.isError && found.isFetching) ? (
          <div className="flex items-center gap-3 p-4 text-sm text-slate-600">
            <Spinner size="small" /> Searching clients…
          </div>
        ) : found.isError ? (
          <div className="flex flex-wrap items-center gap-3 p-4 text-sm text-red-700">
            The clients could not be loaded.
            <button
              type="button"
              onClick={() => void found.refetch()}
              className="font-medium text-primary-700 underline underline-offset-2"
            >
              Retry
            </button>
          </div>
        ) : found.data.items.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">
            {query
              ? `No client matches “${query}”. Check the spelling, or add the client first.`
              : 'Your agency has no clients yet. Add a primary client first.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Matching clients">
            {found.data.items.map((client) => (
              <li key={client.primary_client_id}>
                <button
                  type="button"
                  onClick={() => onPick(client)}
                  className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
                >
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700">
                    <UserRound className="size-4" aria-hidden />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">{client.full_name}</span>
                    <span className="block truncate text-sm text-slate-500">
                      {[client.client_code, client.email ?? client.phone].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                  <span className="hidden text-sm text-slate-500 sm:inline">
                    {client.plan_count} {client.plan_count === 1 ? 'plan' : 'plans'}
                  </span>
                </button>
              </li>
            ))}
            {found.data.pagination.total > found.data.items.length ? (
              <li className="px-4 py-2 text-xs text-slate-500">
                Showing {found.data.items.length} of {found.data.pagination.total.toLocaleString('en-IN')}:
                type more to narrow the list.
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </div>
  );
}
