import { passwordRuleError } from '@portal/contract';
import { PasswordField } from '../../../components/ui/field.tsx';

export interface NewPasswordErrors {
  next?: string | undefined;
  confirm?: string | undefined;
}

/** The new password's rule (the registration's, decisions §3) and the confirmation matching it. */
export function newPasswordErrors(next: string, confirm: string): NewPasswordErrors {
  const found: NewPasswordErrors = {};
  if (!next) found.next = 'New Password is required.';
  else found.next = passwordRuleError(next) ?? undefined;
  if (!found.next && next !== confirm) found.confirm = 'Passwords do not match';
  return found;
}

/** New Password and Confirm Password, as every password screen asks for them. */
export function NewPasswordFields({
  next,
  confirm,
  errors,
  onNext,
  onConfirm,
}: {
  next: string;
  confirm: string;
  errors: NewPasswordErrors;
  onNext: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  return (
    <>
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => onNext(e.target.value)}
        error={errors.next}
        hint="At least 8 characters with upper and lower case letters, a number and a special character."
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        error={errors.confirm}
      />
    </>
  );
}
