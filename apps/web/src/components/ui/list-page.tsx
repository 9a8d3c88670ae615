import type { UseQueryResult } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Pager } from './pager.tsx';
import { EmptyState, ErrorState } from './query-states.tsx';

// One frame for a searched, paged list (Registered Users, the family view, Manage Clients): a heading and its
// actions beside the search box, the list's states (visual language: a skeleton shaped like what comes, an error
// with Retry, an empty state that says what to do next), the list itself and the pager.

type ListQuery = Pick<
  UseQueryResult<unknown>,
  'isPending' | 'isPlaceholderData' | 'isError' | 'isFetching' | 'refetch'
>;

export type ListStatus = 'loading' | 'error' | 'ready';

/**
 * Where a page of a list stands. Another page or search shows the loading state while it comes (the last page
 * stays as the query's placeholder meanwhile, for the pager's total), as does a Retry, as the first load does.
 */
export function listStatus(query: Omit<ListQuery, 'refetch'>): ListStatus {
  if (query.isPending || query.isPlaceholderData || (query.isError && query.isFetching)) return 'loading';
  return query.isError ? 'error' : 'ready';
}

/** How long typing pauses before a search is sent (as `useCursorPages` does for the lists kept in the address). */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The page and search of a list paged by offset and kept in the screen (not the address): `box` is the search
 * box's text, `searched` what is sent once typing pauses; a changed search goes back to page 1.
 */
export function useListSearch() {
  const [box, setBox] = useState('');
  const [searched, setSearched] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const next = box.trim();
      setSearched((previous) => {
        if (previous !== next) setPage(1);
        return next;
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [box]);
  return { page, setPage, box, setBox, searched };
}

export interface ListPageProps {
  /** Left of the search box: the list's heading, its count, links to other views. */
  heading: ReactNode;
  /** The search box: its accessible name, placeholder, and the text it shows (debounced by the caller's hook). */
  search: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
  /** The list's query: its loading, failure and Retry. */
  query: ListQuery;
  /** What shows while the page loads, shaped like the list. */
  loading: ReactNode;
  /** The sentence of a failed load, shown with Retry. */
  error: ReactNode;
  /** True when the page that came holds nothing to show. */
  isEmpty: boolean;
  /** What to say (and do) when there is nothing to show. */
  empty: ReactNode;
  emptyIcon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /**
   * `box` (the default): the list sits in one card, a table or rows. `cards`: each item is a card of its own, so
   * only the failure and the empty state get a card.
   */
  layout?: 'box' | 'cards';
  pager: { page: number; pages: number; onPage: (page: number) => void };
  /** The list, shown once its page came and holds something. */
  children: ReactNode;
}

const BOX = 'rounded-xl border border-slate-200 bg-white shadow-sm';

/** A searched, paged list's screen: heading, search, the list in its states, and the pager. */
export function ListPage({
  heading,
  search,
  query,
  loading,
  error,
  isEmpty,
  empty,
  emptyIcon,
  layout = 'box',
  pager,
  children,
}: ListPageProps) {
  const status = listStatus(query);
  const failed =
    status === 'error' ? (
      <ErrorState variant="centred" onRetry={() => void query.refetch()}>
        {error}
      </ErrorState>
    ) : null;
  const nothing =
    status === 'ready' && isEmpty ? (
      <EmptyState variant="centred" icon={emptyIcon}>
        {empty}
      </EmptyState>
    ) : null;
  const list = status === 'ready' && !isEmpty ? children : null;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {heading}
        <div className="relative w-full sm:w-96">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            aria-label={search.label}
            placeholder={search.placeholder}
            value={search.value}
            onChange={(e) => search.onChange(e.target.value)}
            className="w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none"
          />
        </div>
      </div>

      {layout === 'box' ? (
        <section className={BOX}>
          {status === 'loading' ? loading : null}
          {failed}
          {nothing}
          {list}
        </section>
      ) : (
        <>
          {status === 'loading' ? loading : null}
          {failed ? <div className={BOX}>{failed}</div> : null}
          {nothing ? <div className={BOX}>{nothing}</div> : null}
          {list}
        </>
      )}

      <Pager page={pager.page} pages={pager.pages} busy={status === 'loading'} onPage={pager.onPage} />
    </div>
  );
}
