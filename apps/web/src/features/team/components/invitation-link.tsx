import type { StaffInvitationResponse } from '@portal/contract';
import { InvitationLinkModal } from '../../../components/ui/invitation-link-modal.tsx';

/**
 * What a staff invitation did, and its link for the owner to pass on (issue 25 item 2). Without a mail server the
 * link reached nobody's inbox (decision 025 keeps staff links out of the agency outbox), so the owner sends it.
 */
export function InvitationLink({ sent, onClose }: { sent: StaffInvitationResponse; onClose: () => void }) {
  const emailed = sent.invitation.delivery === 'email';
  return (
    <InvitationLinkModal
      sent={sent}
      title={emailed ? 'Invitation sent' : 'Send the invitation link'}
      onClose={onClose}
    />
  );
}
