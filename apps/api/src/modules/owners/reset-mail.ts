import { randomUUID } from 'node:crypto';
import type { MailMessage } from '../../lib/mail.ts';

// The e-mail an owner gets when the platform admin resets their password (decisions §1, issue 23 item 14): the
// admin cannot take the account over unnoticed, and the owner's second factor stays on.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function passwordResetMail(input: {
  agencyId: string;
  to: string;
  ownerName: string;
  at: Date;
  secondFactorOn: boolean;
  portalHost: string;
}): MailMessage {
  const when = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(input.at);
  const lines = [
    `Dear ${input.ownerName},`,
    '',
    `The platform administrator reset the password of your Agency Portal account on ${when} (India time).`,
    'You will be asked to choose a new password when you next sign in.',
    input.secondFactorOn
      ? 'Your two-step verification stays on: signing in still needs a code from your authenticator app.'
      : 'Turn on two-step verification in Account security so that a password alone cannot open your account.',
    '',
    'If you did not ask for this reset, contact the platform support at once.',
  ];
  return {
    agencyId: input.agencyId,
    kind: 'security',
    language: 'en',
    to: input.to,
    fromName: 'Agency Portal',
    replyTo: null,
    subject: 'Your Agency Portal password was reset',
    text: lines.join('\n'),
    html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n'),
    messageId: `<password-reset.${randomUUID()}@${input.portalHost.replace(/:\d+$/, '')}>`,
  };
}
