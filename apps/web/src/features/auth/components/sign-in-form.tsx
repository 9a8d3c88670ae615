import {
  type LoginFormErrors,
  type LoginResponse,
  landingPathForRoles,
  loginFormErrors,
  MSG,
} from '@portal/contract';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField, TextField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuthText } from '../../../i18n/lite.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { readClaims, setToken } from '../../../lib/session.ts';
import { notify } from '../../../lib/toast.ts';
import { signIn } from '../api/auth-calls.ts';

// The code step loads when a password answers that a code is needed, outside the sign-in route's budget.
const CodeStep = lazy(() => import('./code-step.tsx').then((m) => ({ default: m.CodeStep })));

/** Login failure text (spec §8): the server's message, else by status; a 429 also says when to try again. */
export function loginFailureMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429 && err.detail && err.detail !== err.message) return `${err.message} ${err.detail}`;
    if (err.status > 0 && err.message && err.message !== MSG.genericError) return err.message;
    if (err.status === 401) return MSG.loginInvalid;
  }
  return MSG.loginUnexpected;
}

const AUTH_MESSAGE_KEYS: Record<string, 'loginInvalid' | 'loginUnexpected' | 'genericError'> = {
  [MSG.loginInvalid]: 'loginInvalid',
  [MSG.loginUnexpected]: 'loginUnexpected',
  [MSG.genericError]: 'genericError',
};

// A plain form, no form library: the sign-in route must stay small (issue 2: ≤ 120 kB of JavaScript).
// At an agency's address (issue 24 item 4) it names the agency and offers no sign-up: new agencies register
// at the bare address.
export function SignInForm({ onSignUp, agencyName }: { onSignUp?: () => void; agencyName?: string }) {
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', password: '' });
  const [touched, setTouched] = useState({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Set when the password was right and the account asks for its second factor (issue 23 item 14).
  const [challenge, setChallenge] = useState<string | null>(null);
  const { t, language } = useAuthText();
  const errors: LoginFormErrors = loginFormErrors(values);
  /** The contract's English messages (spec §5, §8), told in the chosen language. */
  const said = (message: string) => {
    const key = AUTH_MESSAGE_KEYS[message];
    return key && language !== 'en' ? t(key) : message;
  };
  const shown = (field: 'email' | 'password') => {
    const error = submitted || touched[field] ? errors[field] : undefined;
    if (!error || language === 'en') return error;
    if (error === MSG.invalidEmail) return t('invalidEmail');
    return t(field === 'email' ? 'emailRequired' : 'passwordRequired');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.email || errors.password) return;
    setFailure(null);
    setBusy(true);
    try {
      const answer = await signIn({ email: values.email.trim(), password: values.password });
      if (answer.status === 'second_factor_required') {
        setChallenge(answer.data.challenge);
        setBusy(false);
        return;
      }
      finish(answer);
    } catch (err) {
      const message = said(loginFailureMessage(err));
      setFailure(message);
      notify('error', message);
      setBusy(false);
    }
  };

  /** A session answered, by the password or by its code: stored, then on to the user's landing screen. */
  function finish({ data }: LoginResponse) {
    setToken(data.token);
    const claims = readClaims(data.token);
    const roles = claims?.roles ?? [];
    const landing = landingPathForRoles(roles);
    notify('success', t('loginSuccess'));
    // After an admin reset the user chooses a new password first (decisions §3).
    if (data.must_change_password) {
      navigate('/change-password', { replace: true });
      return;
    }
    navigate(landing.path, {
      replace: true,
      state: { roles, clientName: claims?.clientName ?? '', isSuperAdmin: landing.isSuperAdmin },
    });
  }

  if (challenge) {
    return (
      <Suspense fallback={<Spinner label={t('loading')} />}>
        <CodeStep
          challenge={challenge}
          onSignedIn={finish}
          onBack={() => {
            setChallenge(null);
            setValues((v) => ({ ...v, password: '' }));
          }}
        />
      </Suspense>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div>
        <h2 className="text-2xl font-semibold text-slate-900">{t('welcomeBack')}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {agencyName ? t('signInToAgency', { agency: agencyName }) : t('signInToPortal')}
        </p>
      </div>
      {failure ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <TextField
        label={t('email')}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        value={values.email}
        onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
        onBlur={() => setTouched((t) => ({ ...t, email: true }))}
        error={shown('email')}
      />
      <PasswordField
        label={t('password')}
        name="password"
        autoComplete="current-password"
        revealLabels={{ show: t('showPassword'), hide: t('hidePassword') }}
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        onBlur={() => setTouched((t) => ({ ...t, password: true }))}
        error={shown('password')}
      />
      <Link
        to="/forgot-password"
        className="-mt-3 self-end text-sm font-medium text-primary-700 hover:underline"
      >
        {t('forgotPassword')}
      </Link>
      <Button type="submit" busy={busy} className="w-full">
        {busy ? t('signingIn') : t('signIn')}
      </Button>
      {onSignUp ? (
        <p className="text-center text-sm text-slate-600">
          {t('newAgency')}{' '}
          <button type="button" onClick={onSignUp} className="font-medium text-primary-700 hover:underline">
            {t('signUp')}
          </button>
        </p>
      ) : null}
    </form>
  );
}
