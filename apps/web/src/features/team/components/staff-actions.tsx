import { ROLE_LABEL, type StaffInvitationResponse, type StaffMember } from '@portal/contract';
import { Ban, Mail, RotateCcw, UserCog, UserX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useChangeStaffRole } from '../api/change-staff-role.ts';
import { useDeactivateStaff } from '../api/deactivate-staff.ts';
import { useReactivateStaff } from '../api/reactivate-staff.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { ROLE_HINT } from './invite-staff-dialog.tsx';

type Action = 'role' | 'revoke' | 'deactivate' | 'reactivate';

const failed = (err: unknown, fallback: string) =>
  notify('error', err instanceof ApiError ? err.message : fallback);

/** What the owner may do with one member of staff, each change confirmed first (visual language). */
export function StaffActions({
  member,
  onInvitation,
}: {
  member: StaffMember;
  onInvitation: (sent: StaffInvitationResponse) => void;
}) {
  const [asking, setAsking] = useState<Action | null>(null);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const role = useChangeStaffRole();
  const deactivate = useDeactivateStaff();
  const reactivate = useReactivateStaff();
  const name = member.full_name;
  const otherRole = member.role === 'AG' ? 'AA' : 'AG';
  const pending = member.status === 'invited' || member.status === 'invitation_expired';
  const busy =
    resend.isPending || revoke.isPending || role.isPending || deactivate.isPending || reactivate.isPending;

  const run = async (action: Action) => {
    setAsking(null);
    try {
      if (action === 'revoke') notify('success', (await revoke.mutateAsync(member.id)).message);
      if (action === 'role')
        notify('success', (await role.mutateAsync({ id: member.id, role: otherRole })).message);
      if (action === 'deactivate') notify('success', (await deactivate.mutateAsync(member.id)).message);
      if (action === 'reactivate') notify('success', (await reactivate.mutateAsync(member.id)).message);
    } catch (err) {
      failed(err, 'Could not change this member of staff.');
    }
  };
  const button = (label: string, icon: typeof Mail, onClick: () => void, danger = false) => {
    const Icon = icon;
    return (
      <Button
        variant="ghost"
        className="px-2"
        disabled={busy}
        aria-label={`${label}: ${name}`}
        title={`${label}: ${name}`}
        onClick={onClick}
      >
        {/* Words beside the icons on a phone's stacked rows and on wide screens; icons alone in a mid-width table. */}
        <span className={danger ? 'contents text-red-700' : 'contents'}>
          <Icon className="size-4" aria-hidden /> <span className="max-2xl:md:sr-only">{label}</span>
        </span>
      </Button>
    );
  };

  return (
    <span className="flex flex-wrap justify-end gap-1 max-md:justify-start md:flex-nowrap">
      {pending && member.status !== 'deactivated'
        ? button('Resend', Mail, () =>
            resend.mutate(member.id, {
              onSuccess: onInvitation,
              onError: (err) => failed(err, 'Could not send the invitation.'),
            }),
          )
        : null}
      {member.status !== 'deactivated' ? button('Change role', UserCog, () => setAsking('role')) : null}
      {pending ? button('Revoke', Ban, () => setAsking('revoke'), true) : null}
      {member.status === 'active' ? button('Deactivate', UserX, () => setAsking('deactivate'), true) : null}
      {member.status === 'deactivated'
        ? button('Reactivate', RotateCcw, () => setAsking('reactivate'))
        : null}

      <ConfirmDialog
        open={asking === 'role'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Make ${name} ${ROLE_LABEL[otherRole]}?`}
        description={`${ROLE_HINT[otherRole]} If ${name} is signed in, they are signed out and sign in again with the new role.`}
        confirmLabel={`Make ${ROLE_LABEL[otherRole]}`}
        onConfirm={() => void run('role')}
      />
      <ConfirmDialog
        open={asking === 'revoke'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Withdraw the invitation of ${name}?`}
        description="Their link stops working and they leave the team list. You can invite them again later."
        confirmLabel="Withdraw invitation"
        destructive
        onConfirm={() => void run('revoke')}
      />
      <ConfirmDialog
        open={asking === 'deactivate'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Deactivate ${name}?`}
        description="They are signed out everywhere at once and cannot sign in until you reactivate them. Their work and assigned clients stay as they are."
        confirmLabel="Deactivate"
        destructive
        onConfirm={() => void run('deactivate')}
      />
      <ConfirmDialog
        open={asking === 'reactivate'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Reactivate ${name}?`}
        description={`${name} can sign in again with their password, as ${ROLE_LABEL[member.role]}.`}
        confirmLabel="Reactivate"
        onConfirm={() => void run('reactivate')}
      />
    </span>
  );
}
