import type { PrimaryClientListItem } from '@portal/contract';
import { Search, UserRound } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { searchPrimaryClients } from '../api/plans.ts';

const SEARCH_DEBOUNCE_MS = 300;

type Load =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; items: PrimaryClientListItem[]; total: number };

export interface ClientPickerProps {
  onPick: (client: PrimaryClientListItem) => void;
  error?: string | undefined;
}

/** Finds one of the agency's primary clients by name, email, phone or client code (server search). */
export function ClientPicker({ onPick, error }: ClientPickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes on Retry to load again.
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    searchPrimaryClients(query, controller.signal).then(
      (answer) =>
        !controller.signal.aborted &&
        setLoad({ status: 'ready', items: answer.items, total: answer.pagination.total }),
      () => !controller.signal.aborted && setLoad({ status: 'error' }),
    );
    return () => controller.abort();
  }, [query, attempt]);

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
        {load.status === 'loading' ? (
          <div className="flex items-center gap-3 p-4 text-sm text-slate-600">
            <Spinner size="small" /> Searching clients…
          </div>
        ) : load.status === 'error' ? (
          <div className="flex flex-wrap items-center gap-3 p-4 text-sm text-red-700">
            The clients could not be loaded.
            <button
              type="button"
              onClick={() => setAttempt((n) => n + 1)}
              className="font-medium text-primary-700 underline underline-offset-2"
            >
              Retry
            </button>
          </div>
        ) : load.items.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">
            {query
              ? `No client matches “${query}”. Check the spelling, or add the client first.`
              : 'Your agency has no clients yet. Add a primary client first.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Matching clients">
            {load.items.map((client) => (
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
            {load.total > load.items.length ? (
              <li className="px-4 py-2 text-xs text-slate-500">
                Showing {load.items.length} of {load.total.toLocaleString('en-IN')}: type more to narrow the
                list.
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </div>
  );
}
