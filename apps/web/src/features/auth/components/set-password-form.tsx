import { MSG, ROLE_LABEL } from '@portal/contract';
import { KeyRound, LinkIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { usePasswordLink, useSetPasswordWithLink } from '../api/password-links.ts';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields.tsx';
import { PasswordCard } from './password-card.tsx';

/** A link that no longer works, or never did: say so, and offer a new one. */
function UnusableLink({ message, forgotPath }: { message: string; forgotPath: string }) {
  return (
    <PasswordCard
      icon={<LinkIcon className="size-6" aria-hidden />}
      title="This link cannot be used"
      text={<p role="alert">{message}</p>}
    >
      <Link to={forgotPath} className="text-sm font-medium text-primary-700 hover:underline">
        Ask for a new link
      </Link>
    </PasswordCard>
  );
}

/**
 * The screen a one-time link opens (issue 24, decision 025): it greets the holder, takes a new password twice,
 * and on success sends them to sign in. Every other session of the account has ended by then.
 */
export function SetPasswordForm({
  token,
  signInPath,
  forgotPath,
}: {
  token: string;
  signInPath: string;
  forgotPath: string;
}) {
  const navigate = useNavigate();
  const link = usePasswordLink(token);
  const save = useSetPasswordWithLink();
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ next?: string; confirm?: string }>({});

  if (link.isPending) {
    return (
      <PasswordCard icon={<KeyRound className="size-6" aria-hidden />} title="Choose your password" text="">
        <div role="status" aria-busy="true" aria-label="Checking your link" className="flex flex-col gap-3">
          <div className="h-10 animate-pulse rounded bg-slate-100" />
          <div className="h-10 animate-pulse rounded bg-slate-100" />
        </div>
      </PasswordCard>
    );
  }
  if (link.isError) {
    const message =
      link.error instanceof ApiError && link.error.status === 400 ? link.error.message : MSG.genericError;
    return <UnusableLink message={message} forgotPath={forgotPath} />;
  }

  const { purpose, full_name: name, email, agency_name: agency, role } = link.data;
  const staff = role === 'AA' || role === 'AG';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordErrors(next, confirm);
    setErrors(found);
    if (found.next || found.confirm) return;
    save.mutate(
      { token, new_password: next },
      {
        onSuccess: (answer) => {
          notify('success', answer.message);
          navigate(signInPath, { replace: true });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields.new_password)
            setErrors({ next: err.fields.new_password });
          else if (err instanceof ApiError && err.fields.token) void link.refetch();
          else notify('error', err instanceof ApiError && err.status > 0 ? err.message : MSG.genericError);
        },
      },
    );
  };

  return (
    <PasswordCard
      icon={<KeyRound className="size-6" aria-hidden />}
      title={purpose === 'invite' ? 'Welcome! Choose your password' : 'Choose a new password'}
      text={
        <p>
          {`Hello ${name}. `}
          {purpose === 'invite'
            ? staff
              ? `${agency ?? 'Your agency'} invites you to work in its workspace as ${ROLE_LABEL[role]}. Choose the password you will sign in with as ${email}.`
              : `Choose the password you will use to sign in to ${agency ?? 'your agency'}'s portal as ${email}.`
            : `Choose a new password for ${email}. You will be signed out everywhere else.`}
        </p>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        {/* For password managers: the account the new password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <NewPasswordFields
          next={next}
          confirm={confirm}
          errors={errors}
          onNext={setNext}
          onConfirm={setConfirm}
        />
        <Button type="submit" busy={save.isPending} className="w-full">
          {save.isPending ? 'Saving...' : 'Save password'}
        </Button>
      </form>
    </PasswordCard>
  );
}
