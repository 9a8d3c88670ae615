import type { MeResponse } from '@portal/contract';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiCall } from '../../../lib/api-client.ts';

export type MeLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; me: MeResponse };

/**
 * The signed-in user for the landing screens, with a retry. A password reset by the admin must be replaced
 * before anything else (decisions §3), so that case goes to /change-password instead.
 */
export function useMe(): { load: MeLoad; retry: () => void } {
  const navigate = useNavigate();
  const [load, setLoad] = useState<MeLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes on Retry to load again.
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    apiCall('me', { signal: controller.signal, quiet: true }).then(
      (me) => {
        if (me.must_change_password) navigate('/change-password', { replace: true });
        else setLoad({ status: 'ready', me });
      },
      (err: Error) => {
        if (err.name !== 'AbortError') setLoad({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [navigate, attempt]);

  return { load, retry };
}
