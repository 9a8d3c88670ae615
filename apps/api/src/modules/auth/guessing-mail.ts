import { randomUUID } from 'node:crypto';
import type { MailMessage } from '../../lib/mail.ts';

// The e-mail an account holder gets when sign-ins to their account are refused for too many wrong passwords
// (decisions §3, decision 021): they learn someone is trying, and that their own browser still signs in.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function guessingMail(input: {
  agencyId: string;
  to: string;
  name: string;
  portalHost: string;
}): MailMessage {
  const lines = [
    `Dear ${input.name},`,
    '',
    'Someone has tried several wrong passwords for your Agency Portal account, so sign-ins from where they are',
    'trying are paused for 15 minutes. A browser you have signed in with before can still sign in.',
    'If this was not you, choose a new password after you sign in, and turn on two-step verification if your',
    'account offers it.',
  ];
  return {
    agencyId: input.agencyId,
    kind: 'security',
    language: 'en',
    to: input.to,
    fromName: 'Agency Portal',
    replyTo: null,
    subject: 'Someone is trying to sign in to your Agency Portal account',
    text: lines.join('\n'),
    html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n'),
    messageId: `<sign-in-guessing.${randomUUID()}@${input.portalHost.replace(/:\d+$/, '')}>`,
  };
}
