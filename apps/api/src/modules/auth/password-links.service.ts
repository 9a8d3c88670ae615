import { createHash, randomBytes } from 'node:crypto';
import {
  INVITE_LINK_HOURS,
  MSG,
  PASSWORD_LINK_MSG,
  type PasswordLinkCheckResponse,
  portalUrlFor,
  RESET_LINK_MINUTES,
  SET_PASSWORD_PATH,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { securityMail } from '../../lib/security-mail.ts';
import { reserveAttempt, resetRequestKeys, throttled } from '../../lib/throttle.ts';
import * as authRepo from './auth.repository.ts';
import { refusal } from './auth.service.ts';
import * as repo from './password-links.repository.ts';
import { parseTenantHost } from './tenant-host.ts';

// One-time links to choose a password (issue 24, decision 025): a forgotten password, and later the invitations
// of clients and staff. The link carries a 256-bit secret after '#', so it stays out of server logs and
// Referer headers; the database keeps only its SHA-256.

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
  role: 'ADMIN' | 'AO' | 'AC';
  fullName: string;
  email: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

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

/**
 * Makes a link for the account and sends it: by e-mail (SMTP, or a client's agency outbox), else to the server's
 * log for whoever runs the portal (decision 025: an owner's or the admin's link never sits in an agency's outbox,
 * which staff may read). Answers the link's address.
 */
export async function sendLink(
  deps: PasswordLinkDeps,
  account: LinkAccount,
  purpose: repo.LinkPurpose,
  mail: (url: string, agencyName: string | null) => { subject: string; lines: string[] } = (url) => ({
    subject: 'Choose a new password for your Agency Portal account',
    lines: resetMailLines(account.fullName, url),
  }),
): Promise<string> {
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
  } else {
    deps.log.info(
      { userId: account.userId, purpose },
      `No SMTP_URL: the one-time password link for ${account.email} is ${url}`,
    );
  }
  return url;
}

/**
 * "Forgot password?": the same answer whether or not the e-mail has an account that may sign in at this address
 * (decisions §3). The link is made and sent after the answer, so the answer's timing says nothing either.
 */
export async function requestReset(
  deps: PasswordLinkDeps,
  input: { email: string; tenantHost: string | undefined; ip: string },
): Promise<{ message: string }> {
  const host = parseTenantHost(input.tenantHost, deps.portalHost);
  if (host.kind === 'unknown') throw new AppError('NOT_FOUND', MSG.unknownPortal);
  const wait = await reserveAttempt(deps.db, resetRequestKeys(input.email, input.ip));
  if (wait > 0) throw throttled(PASSWORD_LINK_MSG.tooManyRequests, wait);
  const agency = host.kind === 'agency' ? await authRepo.findAgencyBySlug(deps.db, host.slug) : null;
  if (host.kind === 'agency' && !agency) throw new AppError('NOT_FOUND', MSG.unknownPortal);

  const work = async () => {
    const candidate = agency
      ? await authRepo.findAgencyCandidate(deps.db, agency, input.email)
      : await authRepo.findPlatformCandidate(deps.db, input.email);
    // Only an account that could sign in here gets a link (an inactive one, or a client without portal
    // access or of an unverified agency, could not use it).
    if (!candidate || refusal(candidate)) return;
    await sendLink(deps, { ...candidate, email: input.email }, 'reset');
    await writeAudit(deps.db, {
      actorUserId: candidate.userId,
      actorRole: null,
      agencyId: candidate.agencyId,
      action: 'auth.password_link_sent',
      ip: input.ip,
    });
  };
  void work().catch((err) => deps.log.error({ err }, 'A password link could not be sent.'));
  return { message: PASSWORD_LINK_MSG.resetRequested };
}

function unusable(): AppError {
  return new AppError('BAD_REQUEST', PASSWORD_LINK_MSG.linkUnusable, PASSWORD_LINK_MSG.linkUnusable, {
    fields: { token: PASSWORD_LINK_MSG.linkUnusable },
  });
}

/** Whether a link still works, and whose it is (the screen greets the holder and says what the link is for). */
export async function checkLink(deps: PasswordLinkDeps, token: string): Promise<PasswordLinkCheckResponse> {
  const link = await repo.findUsableLink(deps.db, hashOf(token));
  if (!link || !link.isActive) throw unusable();
  const agency = link.role === 'ADMIN' ? null : await repo.agencyOfAccount(deps.db, link.userId);
  return {
    purpose: link.purpose,
    full_name: link.fullName,
    email: link.email,
    agency_name: agency?.name ?? null,
  };
}

/** Sets the password a link's holder chose, spends the link and ends every session of the account. */
export async function setPassword(
  deps: PasswordLinkDeps,
  input: { token: string; new_password: string },
  ip: string,
): Promise<{ message: string }> {
  const tokenHash = hashOf(input.token);
  const link = await repo.findUsableLink(deps.db, tokenHash);
  if (!link || !link.isActive) throw unusable();
  const passwordHash = await deps.hasher.forAddress(ip).hash(input.new_password);
  await deps.db.transaction(async (tx) => {
    const spent = await repo.spendLink(tx, tokenHash);
    if (!spent) throw unusable();
    await authRepo.replacePassword(tx, spent.userId, passwordHash);
    await writeAudit(tx, {
      actorUserId: spent.userId,
      actorRole: link.role,
      agencyId: link.agencyId,
      action: spent.purpose === 'reset' ? 'auth.password_reset_by_link' : 'auth.password_set_by_invitation',
      ip,
    });
  });
  await repo.forgetOldLinks(deps.db);
  return { message: PASSWORD_LINK_MSG.passwordSet };
}
