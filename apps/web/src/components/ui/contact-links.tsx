import { telUrl, whatsAppUrl } from '@portal/contract';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

// A person's e-mail and phone as links (issue 24 item 12): mailto:, tel: (a tap calls on a phone) and WhatsApp
// click-to-chat, the way agents reach clients. A number that cannot be read stays plain text.

const LINK =
  'inline-flex items-center gap-1 rounded-sm hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-primary-600';

export function ContactLinks({
  email,
  phone,
  name,
  size = 'md',
  chat = true,
  className,
}: {
  email?: string | null;
  phone?: string | null;
  /** Whose contact it is, for the links' accessible names. */
  name: string;
  size?: 'sm' | 'md';
  /** The bare WhatsApp chat link; off where a "Send on WhatsApp" button with the message stands beside it. */
  chat?: boolean;
  className?: string;
}) {
  const icon = size === 'sm' ? 'size-3.5' : 'size-4';
  const tel = telUrl(phone);
  const chatUrl = chat ? whatsAppUrl(phone) : null;
  return (
    <span className={cn('flex flex-wrap items-center gap-x-4 gap-y-1', className)}>
      {email ? (
        <a
          href={`mailto:${email}`}
          className={cn(LINK, 'break-all')}
          aria-label={`E-mail ${name} at ${email}`}
        >
          <Mail className={icon} aria-hidden /> {email}
        </a>
      ) : null}
      {phone && tel ? (
        <a href={tel} className={LINK} aria-label={`Call ${name} on ${phone}`}>
          <Phone className={icon} aria-hidden /> {phone}
        </a>
      ) : phone ? (
        <span className="inline-flex items-center gap-1">
          <Phone className={icon} aria-hidden /> {phone}
        </span>
      ) : null}
      {chatUrl ? (
        <a
          href={chatUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(LINK, 'text-[#0e6f64]')}
          aria-label={`WhatsApp ${name} on ${phone}`}
        >
          <MessageCircle className={icon} aria-hidden /> WhatsApp
        </a>
      ) : null}
    </span>
  );
}

/**
 * A person's e-mail and phone as plain text on one line where they fit, "—" without either: the address may
 * break anywhere, the phone never (a number split across lines misreads, issue 24 item 14).
 */
export function EmailAndPhone({ email, phone }: { email: string | null; phone: string | null }) {
  if (!email && !phone) return <>—</>;
  return (
    <span className="inline-flex flex-wrap gap-x-1.5">
      {email ? <span className="break-all">{email}</span> : null}
      {email && phone ? <span aria-hidden>·</span> : null}
      {phone ? <span className="whitespace-nowrap">{phone}</span> : null}
    </span>
  );
}
