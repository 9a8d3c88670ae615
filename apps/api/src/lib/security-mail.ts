import { randomUUID } from 'node:crypto';
import type { MailMessage } from './mail.ts';

// The plain e-mails the portal sends an account holder about their own account (kind 'security'): a
// password reset by the admin, guessed sign-ins, a link to choose a password. One shape, one escaping rule.

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function securityMail(input: {
  agencyId: string | null;
  to: string;
  subject: string;
  /** Paragraph lines; an empty string is a blank line. */
  lines: string[];
  /** The Message-ID's left part, naming what the mail is about. */
  idPrefix: string;
  portalHost: string;
  /** The sender's name: the agency's, or the platform's. */
  fromName?: string;
}): MailMessage {
  return {
    agencyId: input.agencyId,
    kind: 'security',
    language: 'en',
    to: input.to,
    fromName: input.fromName ?? 'Agency Portal',
    replyTo: null,
    subject: input.subject,
    text: input.lines.join('\n'),
    html: input.lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n'),
    messageId: `<${input.idPrefix}.${randomUUID()}@${input.portalHost.replace(/:\d+$/, '')}>`,
  };
}
