import { landingPathForRoles, MSG, passwordRuleError } from '@portal/contract';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { PasswordField } from '../../components/ui/field.tsx';
import { changePassword } from '../../features/auth/api/change-password.ts';
import { ApiError } from '../../lib/api-client.ts';
import { currentClaims, readClaims, setToken } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';

/** /change-password: the step after an admin reset (decisions §3), and for anyone changing theirs. */
export function ChangePasswordScreen() {
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'Choose a new password · Agency Portal';
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!current) found.current = 'Current Password is required.';
    if (!next) found.next = 'New Password is required.';
    else found.next = passwordRuleError(next) ?? undefined;
    if (!found.next && next !== confirm) found.confirm = 'Passwords do not match';
    setErrors(found);
    if (found.current || found.next || found.confirm) return;
    setBusy(true);
    try {
      const { data } = await changePassword({ current_password: current, new_password: next });
      setToken(data.token);
      notify('success', MSG.passwordChanged);
      const roles = readClaims(data.token)?.roles ?? currentClaims()?.roles ?? [];
      navigate(landingPathForRoles(roles).path, { replace: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError) {
        setErrors({ current: err.fields.current_password, next: err.fields.new_password });
        notify('error', err.message);
      }
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <form
        onSubmit={submit}
        noValidate
        className="flex w-full max-w-md flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-8"
      >
        <div className="flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
          <KeyRound className="size-6" aria-hidden />
        </div>
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Choose a new password</h1>
          <p className="mt-1 text-sm text-slate-600">
            Your password was reset. Enter the password you were given, then choose one only you know.
          </p>
        </div>
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.current}
        />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={errors.next}
          hint="At least 8 characters with upper and lower case letters, a number and a special character."
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
        />
        <Button type="submit" busy={busy}>
          {busy ? 'Saving...' : 'Save new password'}
        </Button>
      </form>
    </main>
  );
}
