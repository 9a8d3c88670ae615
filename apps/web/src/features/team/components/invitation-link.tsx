import { INVITE_LINK_HOURS, type StaffInvitationResponse } from '@portal/contract';
import { Copy, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { notify } from '../../../lib/toast.ts';

/**
 * What an invitation did, and its link for the owner to pass on (issue 25 item 2). Without a mail server the
 * link reached nobody's inbox (decision 025 keeps staff links out of the agency outbox), so the owner sends it.
 */
export function InvitationLink({ sent, onClose }: { sent: StaffInvitationResponse; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const emailed = sent.invitation.delivery === 'email';
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={emailed ? 'Invitation sent' : 'Send the invitation link'}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="flex flex-col gap-4 text-sm text-slate-700">
        <p role="status">{sent.message}</p>
        <p>
          The link works once, for {INVITE_LINK_HOURS / 24} days. With it {sent.data.full_name} chooses a
          password and signs in at your agency's portal address.
        </p>
        <div className="flex flex-wrap gap-2">
          {sent.invitation.whatsapp_url ? (
            <a
              href={sent.invitation.whatsapp_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-10 items-center gap-2 rounded-md bg-[#128C7E] px-4 text-sm font-medium text-white hover:bg-[#0e6f64] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
            >
              <MessageCircle className="size-4" aria-hidden /> Send on WhatsApp
            </a>
          ) : null}
          <Button
            variant="secondary"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(sent.invitation.url);
                setCopied(true);
              } catch {
                notify('error', 'Could not copy the link. Select it below and copy it by hand.');
              }
            }}
          >
            <Copy className="size-4" aria-hidden /> {copied ? 'Link copied' : 'Copy link'}
          </Button>
        </div>
        <p
          data-testid="invitation-url"
          className="break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-xs text-slate-600"
        >
          {sent.invitation.url}
        </p>
      </div>
    </Modal>
  );
}
