import { useEffect } from 'react';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { currentClaims } from '../../lib/session.ts';

/** /agency-client/dashboard: where an agency's client lands after sign-in (spec §4). */
export function ClientWelcomeScreen() {
  const claims = currentClaims();
  const { load, retry } = useMe();

  useEffect(() => {
    document.title = 'Dashboard · Agency Portal';
  }, []);

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
            <Button variant="secondary" onClick={retry}>
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
