import { loginFormErrors, MSG } from '@portal/contract';
import { KeyRound, MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRequestPasswordLink } from '../api/password-links.ts';
import { PasswordCard } from './password-card.tsx';

const failureText = (err: unknown) =>
  err instanceof ApiError && err.status > 0
    ? [err.message, err.status === 429 ? err.detail : null].filter(Boolean).join(' ')
    : MSG.genericError;

/**
 * "Forgot password?" (issue 24 item 1): an e-mail address in, the same answer out whether or not it has an
 * account here; the link arrives by e-mail and opens at this portal's address.
 */
export function ForgotPasswordForm({ signInPath }: { signInPath: string }) {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const request = useRequestPasswordLink();
  const error = submitted ? loginFormErrors({ email, password: 'x' }).email : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (loginFormErrors({ email, password: 'x' }).email) return;
    request.mutate(email.trim());
  };

  if (request.isSuccess) {
    return (
      <PasswordCard
        icon={<MailCheck className="size-6" aria-hidden />}
        title="Check your e-mail"
        text={<p role="status">{request.data.message}</p>}
      >
        <p className="text-sm text-slate-600">
          No e-mail after a few minutes? Look in your spam folder, check the address, or ask your agency.
        </p>
        <Link to={signInPath} className="text-sm font-medium text-primary-700 hover:underline">
          Back to sign in
        </Link>
      </PasswordCard>
    );
  }

  return (
    <PasswordCard
      icon={<KeyRound className="size-6" aria-hidden />}
      title="Forgot your password?"
      text="Enter the e-mail address you sign in with. We will send you a link to choose a new password."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {request.isError ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {failureText(request.error)}
          </p>
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
        <Button type="submit" busy={request.isPending} className="w-full">
          {request.isPending ? 'Sending...' : 'Send link'}
        </Button>
        <Link to={signInPath} className="text-center text-sm font-medium text-primary-700 hover:underline">
          Back to sign in
        </Link>
      </form>
    </PasswordCard>
  );
}
