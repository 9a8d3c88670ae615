import { INVITE_LINK_HOURS } from '@portal/contract';
import { Copy, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../lib/toast.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export interface SentInvitation {
  message: string;
  data: { full_name: string };
  invitation: { url: string; whatsapp_url: string | null };
}

/**
 * What an invitation did, and its one-time link for the owner to send on WhatsApp or copy: a client's (issue 24
 * item 2) or a member of staff's (issue 25 item 2).
 */
export function InvitationLinkModal({
  sent,
  title,
  onClose,
}: {
  sent: SentInvitation;
  title: string;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
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
