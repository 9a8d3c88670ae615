import { passwordRuleError } from '@portal/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from './button.tsx';
import { PasswordField } from './field.tsx';
import { Modal } from './modal.tsx';

export interface PasswordPairModalProps {
  title: string;
  /** Label of the first field ('New Password', 'Initial Password'). */
  label: string;
  hint: string;
  action: string;
  busyAction: string;
  onClose: () => void;
  /** Saves the password; a thrown 400 ApiError's message is shown in the dialog. */
  onSubmit: (password: string) => Promise<void>;
}

/**
 * A password and its confirmation (spec §5: 'Both fields are required', 'Passwords do not match'), with the
 * registration rule checked before anything is sent (decisions §3).
 */
export function PasswordPairModal({
  title,
  label,
  hint,
  action,
  busyAction,
  onClose,
  onSubmit,
}: PasswordPairModalProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!password || !confirm) return setError('Both fields are required');
    if (password !== confirm) return setError('Passwords do not match');
    const rule = passwordRuleError(password);
    if (rule) return setError(rule);
    setError(null);
    setBusy(true);
    try {
      await onSubmit(password);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 400) setError(err.message);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={submit} busy={busy}>
            {busy ? busyAction : action}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {error ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {error}
          </p>
        ) : null}
        <PasswordField
          label={label}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={hint}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
