import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';

export type Load<T> =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError | Error }
  | { status: 'ready'; data: T };

/**
 * Loads one answer for a screen: loading, then ready or error (spec §4 detail views); `retry` loads again,
 * and a load left before it finishes is ignored. The error is cleared when a new load starts.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches; `attempt` retries.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

/** The API's 404 (unknown, removed or someone else's record). */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
