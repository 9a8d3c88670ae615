import type { MeResponse } from '@portal/contract';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { Button } from '../../components/ui/button.tsx';
import { apiCall } from '../../lib/api-client.ts';
import { currentClaims } from '../../lib/session.ts';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; me: MeResponse };

/** /agency-client/dashboard: where an agency's client lands after sign-in (spec §4). */
export function ClientWelcomeScreen() {
  const navigate = useNavigate();
  const claims = currentClaims();
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  const fetchMe = useCallback(
    (signal?: AbortSignal) => {
      setLoad({ status: 'loading' });
      apiCall('me', { signal, quiet: true }).then(
        (me) => {
          // A password reset by the admin must be replaced before anything else (decisions §3).
          if (me.must_change_password) navigate('/change-password', { replace: true });
          else setLoad({ status: 'ready', me });
        },
        (err: Error) => {
          if (err.name !== 'AbortError') setLoad({ status: 'error' });
        },
      );
    },
    [navigate],
  );

  useEffect(() => {
    document.title = 'Dashboard · Agency Portal';
    const controller = new AbortController();
    fetchMe(controller.signal);
    return () => controller.abort();
  }, [fetchMe]);

  const name = load.status === 'ready' ? load.me.full_name : (claims?.clientName ?? '');
  return (
    <SignedInLayout>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        <h1 className="text-2xl font-semibold text-slate-900 md:text-3xl">Hello, {name || 'there'}</h1>
        {load.status === 'loading' ? (
          <div
            className="mt-4 h-5 w-64 max-w-full animate-pulse rounded bg-slate-200"
            role="status"
            aria-label="Loading"
          />
        ) : null}
        {load.status === 'error' ? (
          <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-800">
            We could not load your details.
            <Button variant="secondary" onClick={() => fetchMe()}>
              Retry
            </Button>
          </div>
        ) : null}
        {load.status === 'ready' ? (
          <p className="mt-3 text-slate-600">
            You are signed in to your client portal with{' '}
            <span className="font-medium text-slate-900">{load.me.agency_name ?? 'your agency'}</span>.
          </p>
        ) : null}
      </section>
    </SignedInLayout>
  );
}
