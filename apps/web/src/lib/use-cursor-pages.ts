import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { useCallback, useState } from 'react';

/** The page shown and, for Next and Prev, the cursor the server seeks from (issue 8 keyset pagination). */
export interface PageNav {
  page: number;
  after?: string;
  before?: string;
}

/**
 * Page numbers for a list the server pages by cursor (the admin's owners, the workspace's clients). Next and Prev
 * seek from the shown page's cursors (`shown`, from the last answer); page 1, and a page without cursors, go by
 * offset. `query` is what to send for the page asked for; `nav` changes whenever another page is asked for.
 */
export function useCursorPages() {
  const [nav, setNav] = useState<PageNav>({ page: 1 });
  const [cursors, setCursors] = useState<{ next: string | null; prev: string | null }>({
    next: null,
    prev: null,
  });
  const { page } = nav;
  const restart = useCallback(() => setNav({ page: 1 }), []);
  const shown = useCallback((next: string | null, prev: string | null) => setCursors({ next, prev }), []);
  return {
    nav,
    page,
    query: {
      offset: (page - 1) * DEFAULT_PAGE_SIZE,
      limit: DEFAULT_PAGE_SIZE,
      after: nav.after,
      before: nav.before,
    },
    shown,
    restart,
    goTo: (target: number) =>
      setNav(
        target === page + 1 && cursors.next
          ? { page: target, after: cursors.next }
          : target === page - 1 && target > 1 && cursors.prev
            ? { page: target, before: cursors.prev }
            : { page: target },
      ),
  };
}
