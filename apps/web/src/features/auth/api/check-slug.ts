import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// Is this portal address free? (issue 24 item 5) Asked as the agency name or the address is typed, once typing
// pauses; a failure is shown by the form (the final registration still decides), never as a toast.

/** How long typing pauses before the address is checked. */
export const SLUG_CHECK_DEBOUNCE_MS = 400;

export function checkSlug(slug: string, signal?: AbortSignal) {
  return apiCall('checkSlug', { query: { slug }, signal, quiet: true });
}

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The check of `slug` (null: nothing to check, such as an address that breaks the rules). `settling` is true
 * while typing has not paused yet, so the form never shows the answer for an address no longer on screen.
 */
export function useSlugCheck(slug: string | null) {
  const settled = useSettled(slug, SLUG_CHECK_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: queryKeys.slugCheck(settled ?? ''),
    queryFn: ({ signal }) => checkSlug(settled!, signal),
    enabled: settled !== null && settled !== '',
    // Another agency may take it at any time; the registration itself is the final word.
    staleTime: 30_000,
    retry: false,
  });
  return { query, settling: settled !== slug };
}
