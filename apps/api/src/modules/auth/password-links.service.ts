import { MSG, PASSWORD_LINK_MSG, type PasswordLinkCheckResponse } from '@portal/contract';
import { writeAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from '../../lib/password-links.repository.ts';
import { hashOf, type PasswordLinkDeps, sendLink } from '../../lib/password-links.ts';
import { parseTenantHost } from '../../lib/tenant-host.ts';
import { reserveAttempt, resetRequestKeys, throttled } from '../../lib/throttle.ts';
import * as authRepo from './auth.repository.ts';
import { refusal } from './auth.service.ts';

// The calls of one-time password links (issue 24, decision 025): "Forgot password?", checking a link, using it.
// Links are made and sent by lib/password-links.ts, which the invitations use too.

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
  if (!link?.isActive) throw unusable();
  const agency = link.role === 'ADMIN' ? null : await repo.agencyOfAccount(deps.db, link.userId);
  return {
    purpose: link.purpose,
    full_name: link.fullName,
    email: link.email,
    agency_name: agency?.name ?? null,
    role: link.role,
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
  if (!link?.isActive) throw unusable();
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
