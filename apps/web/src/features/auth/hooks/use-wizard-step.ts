import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A wizard's step kept in the address (`?step=2`), so browser Back and Forward move between steps rather than
 * leaving the form (issue 24 item 5). `reachable` is the last step the entries allow (the first incomplete one):
 * an address asking for a later step, such as a reload after the password was left unstored, shows that one.
 */
export function useWizardStep(count: number, reachable: number): [number, (step: number) => void] {
  const [search, setSearch] = useSearchParams();
  const asked = Number.parseInt(search.get('step') ?? '1', 10);
  const requested = Math.min(Math.max(Number.isNaN(asked) ? 1 : asked, 1), count) - 1;
  const step = Math.min(requested, reachable);

  const goTo = useCallback(
    (next: number, replace = false) =>
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          params.set('step', String(next + 1));
          return params;
        },
        { replace },
      ),
    [setSearch],
  );

  // The address says the step on screen, so Back from the next one returns here.
  useEffect(() => {
    if (step !== requested) goTo(step, true);
  }, [step, requested, goTo]);

  return [step, goTo];
}
