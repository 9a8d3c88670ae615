import { X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { control } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFindClients } from '../api/find-clients.ts';

// The activity log's client filter: a search of the agency's clients (name, e-mail, phone or code) whose match is
// chosen with a click or Enter; once chosen it shows as the client's name and code with a button to clear it.

const DEBOUNCE_MS = 300;

export function ClientFilter({
  chosen,
  chosenLabel,
  onChoose,
}: {
  /** The chosen client's id, '' for every client. */
  chosen: string;
  /** Its name and code, once the log's answer has named them. */
  chosenLabel: string | null;
  onChoose: (id: string) => void;
}) {
  const id = useId();
  const [box, setBox] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(box.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [box]);
  const matches = useFindClients(chosen ? '' : term);

  if (chosen) {
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-slate-700">Client</span>
        <div className="flex min-h-10 items-center justify-between gap-2 rounded-md border border-slate-300 bg-slate-50 py-1.5 pr-1.5 pl-3 text-sm">
          <span className="truncate text-slate-900">{chosenLabel ?? 'The chosen client'}</span>
          <button
            type="button"
            onClick={() => {
              setBox('');
              onChoose('');
            }}
            aria-label="Show every client"
            className="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      </div>
    );
  }

  const searching = term.length >= 2;
  const items = matches.data ?? [];
  return (
    <div className="relative flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Client
      </label>
      <input
        id={id}
        type="search"
        value={box}
        onChange={(e) => setBox(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && items.length > 0) {
            e.preventDefault();
            onChoose(items[0]!.primary_client_id);
          }
        }}
        placeholder="Type a name or client code"
        autoComplete="off"
        aria-describedby={`${id}-matches`}
        className={cn(control, 'border-slate-300')}
      />
      <div id={`${id}-matches`} aria-live="polite">
        {searching ? (
          <ul className="absolute inset-x-0 top-full z-10 mt-1 max-h-64 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg">
            {matches.isPending ? <li className="px-3 py-2 text-slate-500">Searching…</li> : null}
            {matches.isError ? (
              <li className="px-3 py-2 text-red-700">We could not search your clients.</li>
            ) : null}
            {matches.isSuccess && items.length === 0 ? (
              <li className="px-3 py-2 text-slate-500">No client matches “{term}”.</li>
            ) : null}
            {items.map((c) => (
              <li key={c.primary_client_id}>
                <button
                  type="button"
                  onClick={() => onChoose(c.primary_client_id)}
                  className="flex w-full items-baseline justify-between gap-3 px-3 py-2 text-left hover:bg-slate-50 focus-visible:bg-primary-50 focus-visible:outline-none"
                >
                  <span className="truncate text-slate-900">{c.full_name}</span>
                  <span className="shrink-0 font-mono text-xs text-slate-500">{c.client_code}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
