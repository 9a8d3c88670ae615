import type { InvitationResponse } from '@portal/contract';
import { KeyRound, Mail, Power } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { InvitationLinkModal } from '../../../components/ui/invitation-link-modal.tsx';
import { PasswordPairModal } from '../../../components/ui/password-pair-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useInviteClient } from '../api/invite-client.ts';
import { useResetPortalPassword } from '../api/reset-portal-password.ts';
import { useSetPortalAccess } from '../api/set-portal-access.ts';

interface Props {
  clientId: string;
  clientName: string;
  enabled: boolean;
  portalEmail: string | null;
  /** The client's e-mail: an invitation needs one. */
  email: string | null;
}

/**
 * The client's portal access: on by an invitation (a one-time link, issue 24 item 2) or with an initial password
 * they must change, off, or a password reset (issue 5).
 */
export function PortalAccessCard({ clientId, clientName, enabled, portalEmail, email }: Props) {
  const [dialog, setDialog] = useState<'enable' | 'reset' | 'disable' | null>(null);
  const [sent, setSent] = useState<InvitationResponse | null>(null);
  // Each change asks again for what it changed (the record, the lists); a password reset changes nothing shown.
  const access = useSetPortalAccess(clientId);
  const reset = useResetPortalPassword(clientId);
  const invite = useInviteClient(clientId);
  const sendInvitation = () =>
    invite.mutate(undefined, {
      onSuccess: (answer) => setSent(answer),
      onError: (err) =>
        notify('error', err instanceof ApiError ? err.message : 'Could not send the invitation.'),
    });
  const inviteButton = (again: boolean) => (
    <Button
      variant={again ? 'secondary' : 'primary'}
      busy={invite.isPending}
      disabled={!email}
      aria-describedby={email ? undefined : `${clientId}-invite-needs-email`}
      onClick={sendInvitation}
    >
      <Mail className="size-4" aria-hidden /> {again ? 'Send invitation again' : 'Send invitation'}
    </Button>
  );
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
            {inviteButton(true)}
            <Button variant="secondary" onClick={() => setDialog('reset')}>
              <KeyRound className="size-4" aria-hidden /> Reset portal password
            </Button>
            <Button variant="secondary" className="text-red-700" onClick={() => setDialog('disable')}>
              <Power className="size-4" aria-hidden /> Turn off portal access
            </Button>
          </>
        ) : (
          <>
            {inviteButton(false)}
            <Button variant="secondary" onClick={() => setDialog('enable')}>
              <Power className="size-4" aria-hidden /> Turn on with a password
            </Button>
          </>
        )}
      </div>
      {email ? null : (
        <p id={`${clientId}-invite-needs-email`} className="mt-2 text-sm text-slate-600">
          Add the client’s email (Edit) to invite them.
        </p>
      )}
      {sent ? (
        <InvitationLinkModal title="Invitation sent" sent={sent} onClose={() => setSent(null)} />
      ) : null}
      {dialog === 'enable' || dialog === 'reset' ? (
        <PasswordPairModal
          label="Initial Password"
          hint="Give it to the client; they choose their own at first sign-in."
          busyAction="Saving..."
          title={
            dialog === 'enable'
              ? `Portal access for ${clientName}`
              : `Reset portal password for ${clientName}`
          }
          action={dialog === 'enable' ? 'Turn on' : 'Reset'}
          onClose={() => setDialog(null)}
          onSubmit={async (password) => {
            try {
              if (dialog === 'enable') await access.mutateAsync({ enabled: true, initialPassword: password });
              else await reset.mutateAsync(password);
            } catch (err) {
              notify('error', err instanceof ApiError ? err.message : 'Could not change portal access.');
              throw err;
            }
            notify('success', dialog === 'enable' ? 'Portal access turned on.' : 'Portal password reset.');
            setDialog(null);
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
            await access.mutateAsync({ enabled: false });
            notify('success', 'Portal access turned off.');
          } catch (err) {
            notify('error', err instanceof ApiError ? err.message : 'Could not change portal access.');
          }
        }}
      />
    </section>
  );
}
