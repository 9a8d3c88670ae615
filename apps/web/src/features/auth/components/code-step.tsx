import { type LoginResponse, MSG, SECOND_FACTOR_MSG } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { signInWithCode } from '../api/auth-calls.ts';

const RECOVERY_LETTERS = /[^A-Z2-7]/g;

function failureOf(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429 && err.detail && err.detail !== err.message) return `${err.message} ${err.detail}`;
    if (err.status > 0) return err.message;
  }
  return MSG.loginUnexpected;
}

/**
 * Sign-in's second step (issue 23 item 14): after a right password, a 6-digit code from the authenticator app, or
 * one of the recovery codes. Plain inputs, no library: it ships with the sign-in route (issue 2 budget).
 */
export function CodeStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  onSignedIn: (answer: LoginResponse) => void;
  onBack: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = value.replace(/\s+/g, '');
    const typedRecovery = value.toUpperCase().replace(RECOVERY_LETTERS, '');
    if (!recovery && !/^\d{6}$/.test(code)) {
      setError(SECOND_FACTOR_MSG.codeNeeded);
      return;
    }
    if (recovery && typedRecovery.length !== 16) {
      setError('Enter one of your recovery codes, for example ABCD-EFGH-JKLM-NPQR.');
      return;
    }
    setError(undefined);
    setFailure(null);
    setBusy(true);
    try {
      const answer = await signInWithCode(
        recovery ? { challenge, recovery_code: typedRecovery } : { challenge, code },
      );
      onSignedIn(answer);
    } catch (err) {
      setFailure(failureOf(err));
      setBusy(false);
    }
  };

  const switchMode = () => {
    setRecovery((r) => !r);
    setValue('');
    setError(undefined);
    setFailure(null);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div>
        <h2 className="text-2xl font-semibold text-slate-900">Two-step verification</h2>
        <p className="mt-1 text-sm text-slate-600">
          {recovery
            ? 'Enter one of the recovery codes you saved when you set up two-step verification. Each works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for Agency Portal.'}
        </p>
      </div>
      {failure ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      {recovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          name="recovery_code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
          className="font-mono tracking-wider"
        />
      ) : (
        <TextField
          key="code"
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
          className="font-mono text-lg tracking-[0.3em]"
        />
      )}
      <Button type="submit" busy={busy} className="w-full">
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" onClick={switchMode} className="font-medium text-primary-700 hover:underline">
          {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" onClick={onBack} className="text-slate-600 hover:underline">
          Back to sign in
        </button>
      </div>
    </form>
  );
}
