import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@portal/contract';
import { INVITE_LINK_HOURS, portalUrlFor, RESET_LINK_MINUTES, SET_PASSWORD_PATH } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Mailer } from './mail.ts';
import * as repo from './password-links.repository.ts';
import type { PasswordHasher } from './passwords.ts';
import { securityMail } from './security-mail.ts';

// One-time links to choose a password (decision 025), made and sent for the forgotten-password call (auth) and
// the invitations of clients (primary-clients) and staff. The link carries a 256-bit secret after '#', so it
// stays out of server logs and Referer headers; the database keeps only its SHA-256.

export interface PasswordLinkDeps {
  db: Db;
  hasher: PasswordHasher;
  mailer?: Mailer;
  portalHost: string;
  portalScheme: string;
  /** Where a link goes that has no mailbox to go to (a platform account or an owner without SMTP_URL). */
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

export interface LinkAccount {
  userId: string;
  role: Role;
  fullName: string;
  email: string;
}

export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function lifetimeMs(purpose: repo.LinkPurpose): number {
  return purpose === 'reset' ? RESET_LINK_MINUTES * 60_000 : INVITE_LINK_HOURS * 3_600_000;
}

function resetMailLines(name: string, url: string): string[] {
  return [
    `Dear ${name},`,
    '',
    'Someone, hopefully you, asked to choose a new password for your Agency Portal account.',
    `Open this link within ${RESET_LINK_MINUTES} minutes to choose it. It works once:`,
    url,
    '',
    'Choosing a new password signs you out everywhere else.',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ];
}

/** The invitation a client gets from their agency (issue 24 item 2): the portal's address and a link, 72 hours. */
export function invitationMail(name: string, agencyName: string | null, url: string) {
  const agency = agencyName ?? 'Your agency';
  return {
    subject: `${agency} invites you to your client portal`,
    lines: [
      `Dear ${name},`,
      '',
      `${agency} has opened a client portal for you: your policies, investments, documents and family in one place.`,
      `Open this link within ${INVITE_LINK_HOURS / 24} days to choose your password. It works once:`,
      url,
      '',
      `After that, sign in at ${new URL(url).origin} with this e-mail address and your password.`,
    ],
  };
}

/** The invitation a member of staff gets from the agency's owner (issue 25 item 2): their role and a link, 72 hours. */
export function staffInvitationMail(name: string, roleLabel: string, agencyName: string | null, url: string) {
  const agency = agencyName ?? 'Your agency';
  return {
    subject: `${agency} invites you to its workspace`,
    lines: [
      `Dear ${name},`,
      '',
      `${agency} invites you to work in its workspace as ${roleLabel} on the Agency Portal.`,
      `Open this link within ${INVITE_LINK_HOURS / 24} days to choose your password. It works once:`,
      url,
      '',
      `After that, sign in at ${new URL(url).origin} with this e-mail address and your password.`,
    ],
  };
}

export type LinkDelivery = 'email' | 'outbox' | 'log';

/**
 * Makes a link for the account and sends it: by e-mail (SMTP, or a client's agency outbox), else to the server's
 * log for whoever runs the portal (decision 025: an owner's or the admin's link never sits in an agency's outbox,
 * which staff may read). Answers the link's address and where it went.
 */
export async function sendLink(
  deps: PasswordLinkDeps,
  account: LinkAccount,
  purpose: repo.LinkPurpose,
  mail: (url: string, agencyName: string | null) => { subject: string; lines: string[] } = (url) => ({
    subject: 'Choose a new password for your Agency Portal account',
    lines: resetMailLines(account.fullName, url),
  }),
): Promise<{ url: string; delivery: LinkDelivery }> {
  const token = randomBytes(32).toString('base64url');
  await repo.saveLink(deps.db, {
    tokenHash: hashOf(token),
    userId: account.userId,
    purpose,
    expiresAt: new Date(Date.now() + lifetimeMs(purpose)),
  });
  const agency = account.role === 'ADMIN' ? null : await repo.agencyOfAccount(deps.db, account.userId);
  const origin = agency
    ? portalUrlFor(agency.slug, deps.portalHost, deps.portalScheme)
    : `${deps.portalScheme}://${deps.portalHost}`;
  const url = `${origin}${SET_PASSWORD_PATH}#${token}`;
  const { subject, lines } = mail(url, agency?.name ?? null);
  const toMailbox = deps.mailer && (deps.mailer.delivery === 'smtp' || account.role === 'AC');
  if (toMailbox) {
    await deps.mailer!.send(
      securityMail({
        agencyId: agency?.id ?? null,
        to: account.email,
        subject,
        lines,
        idPrefix: `password-link-${purpose}`,
        portalHost: deps.portalHost,
        fromName: account.role === 'AC' && agency ? agency.name : undefined,
      }),
    );
    return { url, delivery: deps.mailer!.delivery === 'smtp' ? 'email' : 'outbox' };
  }
  deps.log.info(
    { userId: account.userId, purpose },
    `No SMTP_URL: the one-time password link for ${account.email} is ${url}`,
  );
  return { url, delivery: 'log' };
}
