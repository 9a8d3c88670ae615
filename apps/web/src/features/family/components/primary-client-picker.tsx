import type { PrimaryClientListItem } from '@portal/contract';
import { Search, UserRound } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePrimaryClientPicks } from '../api/search-primary-clients.ts';

export type PickedClient = Pick<
  PrimaryClientListItem,
  'primary_client_id' | 'full_name' | 'client_code' | 'email' | 'phone'
>;

const SEARCH_DEBOUNCE_MS = 250;

export interface PrimaryClientPickerProps {
  value: PickedClient | null;
  onChange: (client: PickedClient | null) => void;
  error?: string | undefined;
}

/**
 * Chooses the family's primary client: a search box over the agency's clients (the server searches name,
 * email, phone and client code) with a listbox to pick from by mouse or arrow keys and Enter.
 */
export function PrimaryClientPicker({ value, onChange, error }: PrimaryClientPickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The search sent once typing pauses; a new one starts from the first match.
  const [searched, setSearched] = useState<string | null>(null);
  const term = text.trim();
  useEffect(() => {
    if (value || !open) return;
    const timer = window.setTimeout(() => {
      setSearched(term);
      setActive(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [term, open, value]);
  const found = usePrimaryClientPicks(searched ?? '', open && !value && searched !== null);
  // While typing pauses, and while a search or its Retry is out, the list says it is searching.
  const searching = searched !== term || found.isPending || (found.isError && found.isFetching);

  if (value) {
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-slate-700">Primary Client</span>
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-slate-300 bg-slate-50 px-3 py-2">
          <UserRound className="size-5 shrink-0 text-primary-700" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">{value.full_name}</p>
            <p className="truncate text-xs text-slate-600">
              {[value.client_code, value.email, value.phone].filter(Boolean).join(' · ')}
            </p>
          </div>
          <Button
            variant="ghost"
            className="min-h-8 px-2 py-1"
            onClick={() => {
              onChange(null);
              setText('');
              setOpen(true);
            }}
          >
            Change
          </Button>
        </div>
      </div>
    );
  }

  const items: PickedClient[] = !searching && found.isSuccess ? found.data.items : [];
  const pick = (client: PickedClient) => {
    onChange(client);
    setOpen(false);
  };
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  return (
    <div className="relative flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Primary Client
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && items.length > 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          placeholder="Search by name, email, phone or client code"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((i) => Math.min(i + 1, Math.max(items.length - 1, 0)));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((i) => Math.max(i - 1, 0));
            } else if (e.key === 'Enter' && open && items[active]) {
              e.preventDefault();
              pick(items[active]);
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
          }}
          className={cn(
            'w-full rounded-md border bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none',
            error ? 'border-red-600' : 'border-slate-300',
          )}
        />
        {open ? (
          <div className="absolute top-full right-0 left-0 mt-1 z-20 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white shadow-lg">
            {searching ? (
              <p className="flex items-center gap-2 px-3 py-3 text-sm text-slate-600">
                <Spinner size="small" /> Searching clients…
              </p>
            ) : null}
            {!searching && found.isError ? (
              <div
                role="alert"
                className="flex items-center justify-between gap-3 px-3 py-3 text-sm text-red-800"
              >
                We could not search your clients.
                <Button
                  variant="secondary"
                  className="min-h-8 px-2 py-1"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => void found.refetch()}
                >
                  Retry
                </Button>
              </div>
            ) : null}
            {!searching && found.isSuccess && items.length === 0 ? (
              <p className="px-3 py-3 text-sm text-slate-600">
                {text.trim()
                  ? `No clients match “${text.trim()}”.`
                  : 'No clients yet. Add a primary client first.'}
              </p>
            ) : null}
            <div id={listId} role="listbox" aria-label="Clients" hidden={items.length === 0}>
              {items.map((client, i) => (
                <div
                  key={client.primary_client_id}
                  id={optionId(i)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(client)}
                  onKeyDown={() => undefined}
                  className={cn('cursor-pointer px-3 py-2', i === active ? 'bg-primary-50' : 'bg-white')}
                >
                  <p className="text-sm font-medium text-slate-900">{client.full_name}</p>
                  <p className="truncate text-xs text-slate-600">
                    {[client.client_code, client.email, client.phone].filter(Boolean).join(' · ')}
                  </p>
                </div>
              ))}
            </div>
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          The client whose family this member belongs to.
        </p>
      )}
    </div>
  );
}
