import { PORTAL_VERSION } from '@portal/contract';
import { Lock } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLoaderData, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SessionEnded } from '../../components/layouts/session-ended.tsx';
import type { brandingLoader } from '../../features/auth/api/get-branding.ts';
import { MarketingPanel } from '../../features/auth/components/marketing-panel.tsx';
import type { RegistrationWizardProps } from '../../features/auth/components/registration-wizard.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { type Language, noteChosenBeforeSignIn, rememberLanguage, setLanguage } from '../../i18n/language.ts';
import { LanguageSwitch } from '../../i18n/language-switch.tsx';
import { useAuthText } from '../../i18n/lite.ts';
import { paths } from '../paths.ts';

// The wizard carries the form library, the shared zod schemas and the query cache it checks the portal address
// through (issue 24 item 5); they load when someone opens it, never with the sign-in view (issue 2 budget).
const RegistrationWizard = lazy(() =>
  Promise.all([
    import('../providers/query-provider.tsx'),
    import('../../features/auth/components/registration-wizard.tsx'),
  ]).then(([{ QueryProvider }, { RegistrationWizard: Wizard }]) => ({
    default: (props: RegistrationWizardProps) => (
      <QueryProvider>
        <Wizard {...props} />
      </QueryProvider>
    ),
  })),
);

function WizardSkeleton() {
  return (
    <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading registration">
      <div className="h-4 w-28 animate-pulse rounded bg-slate-200" />
      <div className="h-8 w-64 animate-pulse rounded bg-slate-200" />
      <div className="h-2 w-full animate-pulse rounded-full bg-slate-200" />
      <div className="grid gap-4 sm:grid-cols-2">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded bg-slate-100" />
        ))}
      </div>
    </div>
  );
}

/**
 * '/', '/login' and '/register': one screen with a sign-in view and a registration view (spec §2). At an agency's
 * address (the routes' loader asks, decision 028) the screen is the agency's: its name and logo, and no sign-up.
 */
export function AuthScreen() {
  const branding = useLoaderData<typeof brandingLoader>();
  const agency = branding?.agency ?? null;
  const atAgency = branding?.address === 'agency';
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const reason = search.get('reason');
  const [view, setView] = useState<'signin' | 'register'>(
    location.pathname === paths.register ? 'register' : 'signin',
  );

  const { t, language } = useAuthText();

  useEffect(() => {
    setView(location.pathname === paths.register ? 'register' : 'signin');
  }, [location.pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `t` is new each render; its words change with `language`.
  useEffect(() => {
    document.title =
      view === 'register'
        ? 'Register your agency · Agency Portal'
        : t('pageTitle', { name: agency?.name ?? 'Agency Portal' });
  }, [view, agency?.name, language]);

  const [switching, setSwitching] = useState(false);
  const chooseLanguage = (next: Language) => {
    setSwitching(true);
    rememberLanguage(next);
    noteChosenBeforeSignIn(next);
    void setLanguage(next).finally(() => setSwitching(false));
  };

  const showSignIn = useCallback(() => navigate(paths.login), [navigate]);
  const showRegister = useCallback(() => navigate(paths.register), [navigate]);

  // The session-ended screen is also reached through /login?reason=… (spec §2).
  if (location.pathname === paths.login && reason) return <SessionEnded reason={reason} />;

  return (
    <div className="grid min-h-dvh grid-rows-[auto_1fr] md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:grid-rows-1">
      <MarketingPanel agency={agency} />
      <main className="relative flex flex-col items-center justify-start gap-6 px-4 py-6 md:justify-center md:px-10 md:py-8">
        {view === 'signin' ? (
          <LanguageSwitch
            value={language}
            onChange={chooseLanguage}
            busy={switching}
            className="self-end md:absolute md:top-6 md:right-10"
          />
        ) : null}
        <div className="w-full max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
          {view === 'signin' ? (
            <SignInForm onSignUp={atAgency ? undefined : showRegister} agencyName={agency?.name} />
          ) : (
            <Suspense fallback={<WizardSkeleton />}>
              <RegistrationWizard onBackToSignIn={showSignIn} />
            </Suspense>
          )}
        </div>
        <p className="flex items-center gap-2 text-xs text-slate-500 md:hidden">
          <Lock className="size-3.5" aria-hidden />
          {t('sslNote')} · {t('version', { version: PORTAL_VERSION })}
        </p>
      </main>
    </div>
  );
}
