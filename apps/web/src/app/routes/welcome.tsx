import { AlertTriangle, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useMeOrChangePassword } from '../../features/auth/hooks/use-me.ts';
import { currentClaims } from '../../lib/session.ts';
import { paths } from '../paths.ts';

interface LandingState {
  clientName?: string;
  isSuperAdmin?: boolean;
}

/** /agency-dashboard: the welcome after sign-in, in the plain signed-in frame (spec §2). */
export function WelcomeScreen() {
  return (
    <SignedInLayout>
      <WelcomeContent showVerification />
    </SignedInLayout>
  );
}

/**
 * The welcome with the client name (spec §2, issue 2 item 8); also the /dashboard index. Inside the
 * workspace the layout shows the verification banner, so the content leaves it out there.
 */
export function WelcomeContent({ showVerification }: { showVerification: boolean }) {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as LandingState;
  const claims = currentClaims();
  const isSuperAdmin = claims?.roles.includes('ADMIN') ?? state.isSuperAdmin === true;
  const { me, ready } = useMeOrChangePassword();

  useEffect(() => {
    document.title = 'Dashboard · Agency Portal';
  }, []);

  const name = ready ? ready.full_name : (claims?.clientName ?? state.clientName ?? '');

  return (
    <>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        <p className="text-sm font-medium text-primary-700">
          {isSuperAdmin ? 'Platform admin' : 'Agency owner'}
        </p>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900 md:text-3xl">
          Welcome, {name || 'there'}!
        </h1>
        {!ready && !(me.isError && !me.isFetching) ? (
          <div
            className="mt-4 h-5 w-72 max-w-full animate-pulse rounded bg-slate-200"
            role="status"
            aria-label="Loading"
          />
        ) : null}
        {me.isError && !me.isFetching ? (
          <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-800">
            We could not load your account details.
            <Button variant="secondary" onClick={() => void me.refetch()}>
              Retry
            </Button>
          </div>
        ) : null}
        {ready?.agency_name ? (
          <p className="mt-3 text-slate-600">
            You are signed in to <span className="font-medium text-slate-900">{ready.agency_name}</span>
            {ready.agency_slug ? (
              <>
                {' '}
                — your clients sign in at{' '}
                <span className="font-medium text-slate-900">
                  {ready.agency_slug}.{window.location.host.replace(`${ready.agency_slug}.`, '')}
                </span>
              </>
            ) : null}
            .
          </p>
        ) : null}
        {ready && isSuperAdmin ? (
          <p className="mt-3 text-slate-600">You can verify and look after the agencies on the platform.</p>
        ) : null}
        {isSuperAdmin ? (
          <Button className="mt-6" onClick={() => navigate(paths.adminDashboard)}>
            Go to Admin Dashboard
          </Button>
        ) : null}
      </section>

      {showVerification && ready?.is_verified === false ? (
        <div
          role="status"
          className="mt-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-medium">Verification pending</p>
            <p className="mt-1 text-sm">
              The platform is verifying your agency. You can set it up meanwhile; your clients can sign in
              once it is verified.
            </p>
          </div>
        </div>
      ) : null}
      {showVerification && ready?.is_verified === true ? (
        <div className="mt-6 flex items-center gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-blue-900">
          <ShieldCheck className="size-5 shrink-0" aria-hidden />
          <p className="text-sm font-medium">
            Your agency is verified. Your clients can sign in to their portal.
          </p>
        </div>
      ) : null}
    </>
  );
}
