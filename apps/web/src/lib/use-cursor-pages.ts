import { DEFAULT_PAGE_SIZE, PAGE_CURSOR } from '@portal/contract';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The page shown and, for Next and Prev, the cursor the server seeks from (issue 8 keyset pagination). */
export interface PageNav {
  page: number;
  after?: string;
  before?: string;
}

/** The longest search the API takes (contract `CursorPageQuerySchema`). */
const MAX_SEARCH = 100;

/** How long typing pauses before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** The page the address names: `page` a whole number from 1, a cursor only as the server gives one. */
function navOf(page: string | null, after: string | null, before: string | null, pattern: RegExp): PageNav {
  const n = Number(page);
  const nav: PageNav = { page: Number.isSafeInteger(n) && n >= 1 ? n : 1 };
  if (nav.page === 1) return nav;
  if (after && pattern.test(after)) nav.after = after;
  else if (before && pattern.test(before)) nav.before = before;
  return nav;
}

/**
 * Page numbers for a list the server pages by cursor (the admin's owners, the workspace's clients). Next and Prev
 * seek from the shown page's cursors (given to `goTo` from the last answer); page 1, and a page without cursors, go by
 * offset. The page and the search are kept in the address (`page`, `after` or `before`, `q`), so Back from a
 * client, a reload or a shared link shows the same page of the same search. `box` is the search box's text, sent
 * once typing pauses; `query` is what to send for the page asked for; `nav` changes whenever another page is asked
 * for, `searched` when the search sent does. `cursorPattern` is what a cursor of the list looks like (the
 * activity log's ids are numbers, not uuids).
 */
export function useCursorPages(cursorPattern: RegExp = PAGE_CURSOR) {
  const [params, setParams] = useSearchParams();
  const pageParam = params.get('page');
  const afterParam = params.get('after');
  const beforeParam = params.get('before');
  const nav = useMemo(
    () => navOf(pageParam, afterParam, beforeParam, cursorPattern),
    [pageParam, afterParam, beforeParam, cursorPattern],
  );
  const searched = (params.get('q') ?? '').trim().slice(0, MAX_SEARCH);
  const { page } = nav;

  /** Another page: a new entry in the history, so Back returns to the page before. */
  const show = useCallback(
    (next: PageNav) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        for (const key of ['page', 'after', 'before']) copy.delete(key);
        if (next.page > 1) copy.set('page', String(next.page));
        if (next.after) copy.set('after', next.after);
        if (next.before) copy.set('before', next.before);
        return copy;
      }),
    [setParams],
  );
  /** A new search from page 1, in place of the last one in the history (typing makes no entry per word). */
  const searchFor = useCallback(
    (term: string) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          for (const key of ['page', 'after', 'before', 'q']) copy.delete(key);
          if (term) copy.set('q', term);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The search box starts from the address's search; typing goes to the address (page 1) once it pauses.
  const [box, setBox] = useState(searched);
  const asked = useRef(searched);
  // A layout effect: a page kept in the cache shows at once, and its search must be in the box as it does.
  useLayoutEffect(() => {
    // Back or Forward to another search shows it in the box; the answer to the box's own search leaves the box
    // alone, so nothing typed while it arrives is lost.
    if (searched === asked.current) return;
    asked.current = searched;
    setBox(searched);
  }, [searched]);
  useEffect(() => {
    const next = box.trim().slice(0, MAX_SEARCH);
    if (next === searched) return;
    const timer = window.setTimeout(() => {
      asked.current = next;
      searchFor(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [box, searched, searchFor]);

  return {
    nav,
    page,
    searched,
    /** What the search box shows, and its change handler. */
    box,
    setBox,
    query: {
      offset: (page - 1) * DEFAULT_PAGE_SIZE,
      limit: DEFAULT_PAGE_SIZE,
      after: nav.after,
      before: nav.before,
    },
    /** Another page; `from` is the shown page's cursors (the answer's `next_cursor` and `prev_cursor`). */
    goTo: (target: number, from: { next: string | null; prev: string | null }) =>
      show(
        target === page + 1 && from.next
          ? { page: target, after: from.next }
          : target === page - 1 && target > 1 && from.prev
            ? { page: target, before: from.prev }
            : { page: target },
      ),
  };
}
