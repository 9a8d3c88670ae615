import type { MailMessage } from '../../lib/mail.ts';
import { securityMail } from '../../lib/security-mail.ts';

// The e-mail an account holder gets when sign-ins to their account are refused for too many wrong passwords
// (decisions §3, decision 021): they learn someone is trying, and that their own browser still signs in.

export function guessingMail(input: {
  agencyId: string;
  to: string;
  name: string;
  portalHost: string;
}): MailMessage {
  return securityMail({
    agencyId: input.agencyId,
    to: input.to,
    subject: 'Someone is trying to sign in to your Agency Portal account',
    idPrefix: 'sign-in-guessing',
    portalHost: input.portalHost,
    lines: [
      `Dear ${input.name},`,
      '',
      'Someone has tried several wrong passwords for your Agency Portal account, so sign-ins from where they are',
      'trying are paused for 15 minutes. A browser you have signed in with before can still sign in.',
      'If this was not you, choose a new password after you sign in, and turn on two-step verification if your',
      'account offers it.',
    ],
  });
}
