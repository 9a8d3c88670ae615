import { MSG, type Role } from '@portal/contract';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields.tsx';

/**
 * Why the screen is shown (issue 24 item 3): after the admin reset an owner's password, at a client's first
 * sign-in with the password their agency chose, or because the person wants a new one.
 */
export function changePasswordIntro(
  required: boolean,
  roles: readonly Role[],
): { title: string; text: string } {
  if (!required) {
    return {
      title: 'Change your password',
      text: 'Enter your current password, then choose a new one. You will stay signed in here and be signed out everywhere else.',
    };
  }
  if (roles.includes('AC')) {
    return {
      title: 'Choose your own password',
      text: 'Your agency chose the password you signed in with. Enter it once more, then choose one only you know.',
    };
  }
  return {
    title: 'Choose a new password',
    text: 'Your password was reset. Enter the password you were given, then choose one only you know.',
  };
}

/** The password change of every role: required after a reset or a first password, or asked for from a profile. */
export function ChangePasswordForm({
  required,
  roles,
  onDone,
  onCancel,
}: {
  required: boolean;
  roles: readonly Role[];
  onDone: () => void;
  onCancel?: () => void;
}) {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const intro = changePasswordIntro(required, roles);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      current: current ? undefined : 'Current Password is required.',
      ...newPasswordErrors(next, confirm),
    };
    setErrors(found);
    if (found.current || found.next || found.confirm) return;
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          notify('success', MSG.passwordChanged);
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError) {
            setErrors({ current: err.fields.current_password, next: err.fields.new_password });
            notify('error', [err.message, err.status === 429 ? err.detail : null].filter(Boolean).join(' '));
          } else notify('error', MSG.genericError);
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex w-full max-w-md flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-8"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
        <KeyRound className="size-6" aria-hidden />
      </div>
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{intro.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{intro.text}</p>
      </div>
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={errors.current}
      />
      <NewPasswordFields
        next={next}
        confirm={confirm}
        errors={errors}
        onNext={setNext}
        onConfirm={setConfirm}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" busy={change.isPending}>
          {change.isPending ? 'Saving...' : 'Save new password'}
        </Button>
      </div>
    </form>
  );
}
