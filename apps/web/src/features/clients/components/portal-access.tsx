import { passwordRuleError } from '@portal/contract';
import { KeyRound, Power } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PasswordField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { resetPortalPassword, setPortalAccess } from '../api/clients.ts';

interface Props {
  clientId: string;
  clientName: string;
  enabled: boolean;
  portalEmail: string | null;
  onChanged: () => void;
}

/** The client's portal access: on with an initial password they must change, off, or a password reset (issue 5). */
export function PortalAccessCard({ clientId, clientName, enabled, portalEmail, onChanged }: Props) {
  const [dialog, setDialog] = useState<'enable' | 'reset' | 'disable' | null>(null);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="font-semibold text-slate-900">Portal access</h2>
          <p className="mt-1 text-sm text-slate-600">
            {enabled
              ? `${clientName} signs in${portalEmail ? ` as ${portalEmail}` : ''} at your agency's portal address.`
              : `${clientName} cannot sign in to the client portal.`}
          </p>
        </div>
        {enabled ? <Badge tone="green">On</Badge> : <Badge tone="slate">Off</Badge>}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {enabled ? (
          <>
            <Button variant="secondary" onClick={() => setDialog('reset')}>
              <KeyRound className="size-4" aria-hidden /> Reset portal password
            </Button>
            <Button variant="secondary" className="text-red-700" onClick={() => setDialog('disable')}>
              <Power className="size-4" aria-hidden /> Turn off portal access
            </Button>
          </>
        ) : (
          <Button onClick={() => setDialog('enable')}>
            <Power className="size-4" aria-hidden /> Turn on portal access
          </Button>
        )}
      </div>
      {dialog === 'enable' || dialog === 'reset' ? (
        <PasswordDialog
          title={
            dialog === 'enable'
              ? `Portal access for ${clientName}`
              : `Reset portal password for ${clientName}`
          }
          action={dialog === 'enable' ? 'Turn on' : 'Reset'}
          onClose={() => setDialog(null)}
          onSubmit={async (password) => {
            if (dialog === 'enable') await setPortalAccess(clientId, true, password);
            else await resetPortalPassword(clientId, password);
            notify('success', dialog === 'enable' ? 'Portal access turned on.' : 'Portal password reset.');
            setDialog(null);
            onChanged();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === 'disable'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Turn off portal access for ${clientName}?`}
        description="They are signed out at once and can no longer sign in. Their records stay as they are."
        confirmLabel="Turn off"
        destructive
        onConfirm={async () => {
          setDialog(null);
          try {
            await setPortalAccess(clientId, false);
            notify('success', 'Portal access turned off.');
            onChanged();
          } catch (err) {
            notify('error', err instanceof ApiError ? err.message : 'Could not change portal access.');
          }
        }}
      />
    </section>
  );
}

function PasswordDialog({
  title,
  action,
  onClose,
  onSubmit,
}: {
  title: string;
  action: string;
  onClose: () => void;
  onSubmit: (password: string) => Promise<void>;
}) {
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
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
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
            {busy ? 'Saving...' : action}
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
          label="Initial Password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint="Give it to the client; they choose their own at first sign-in."
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
