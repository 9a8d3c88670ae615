import type { MailMessage } from '../../lib/mail.ts';
import { securityMail } from '../../lib/security-mail.ts';

// The e-mail an owner gets when the platform admin resets their password (decisions §1, issue 23 item 14): the
// admin cannot take the account over unnoticed, and the owner's second factor stays on.

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
  return securityMail({
    agencyId: input.agencyId,
    to: input.to,
    subject: 'Your Agency Portal password was reset',
    idPrefix: 'password-reset',
    portalHost: input.portalHost,
    lines,
  });
}
