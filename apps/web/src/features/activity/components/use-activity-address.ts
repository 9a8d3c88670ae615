import { ACTIVITY_CURSOR } from '@portal/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useCursorPages } from '../../../lib/use-cursor-pages.ts';
import type { ActivityFilters } from '../api/get-activity.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The activity log's filters and page, kept in the address (`person`, `client`, `from`, `to`, and the pager's
 * `page`, `after`, `before`), so a reload, Back from a client or a shared link shows the same entries. A changed
 * filter starts again from the newest entries.
 */
export function useActivityAddress() {
  const pager = useCursorPages(ACTIVITY_CURSOR);
  const [params, setParams] = useSearchParams();
  const read = (key: string, pattern: RegExp) => {
    const value = params.get(key) ?? '';
    return pattern.test(value) ? value : '';
  };
  const filters: ActivityFilters = {
    person: read('person', UUID),
    client: read('client', UUID),
    from: read('from', ISO_DAY),
    to: read('to', ISO_DAY),
  };
  const setFilter = useCallback(
    (key: keyof ActivityFilters, value: string) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          for (const k of ['page', 'after', 'before']) copy.delete(k);
          if (value) copy.set(key, value);
          else copy.delete(key);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clearFilters = useCallback(
    () =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          for (const k of ['page', 'after', 'before', 'person', 'client', 'from', 'to']) copy.delete(k);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { pager, filters, setFilter, clearFilters };
}
