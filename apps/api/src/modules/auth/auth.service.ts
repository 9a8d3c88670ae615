import {
  type LoginAnswer,
  type LoginResponse,
  type MeResponse,
  MSG,
  type Role,
  SESSION_EXPIRED_REASON,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { ChallengeService } from '../../lib/challenges.ts';
import type { Device } from '../../lib/device-cookie.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { parseTenantHost } from '../../lib/tenant-host.ts';
import {
  deviceKeys,
  forgetExpired,
  guessNoticeKey,
  keyList,
  passwordChangeKeys,
  reserveAttempt,
  settleSuccess,
  signInKeys,
  throttled,
} from '../../lib/throttle.ts';
import type { TokenService, TokenSubject } from '../../lib/tokens.ts';
import * as repo from './auth.repository.ts';
import { guessingMail } from './guessing-mail.ts';
import { secondFactorChallenge } from './second-factor.service.ts';

export interface AuthDeps {
  db: Db;
  hasher: PasswordHasher;
  tokens: TokenService;
  /** Signs the challenge a right password answers when the account has a second factor (decision 022). */
  challenges: ChallengeService;
  /** For the notice to an account holder whose password is being guessed (decisions §3). */
  mailer?: Mailer;
  portalHost: string;
}

export interface LoginInput {
  /** The browser's signed device cookie, when it carries a valid one (lib/device-cookie.ts). */
  device?: Device | null;
  email: string;
  password: string;
  tenantHost: string | undefined;
  ip: string;
}

const AGENCY_UNAVAILABLE = 'This agency portal is currently unavailable. Please contact your agency.';

/** Why a correct password still may not sign in (decisions §3). */
export function refusal(candidate: repo.Candidate): AppError | null {
  if (!candidate.isActive) return new AppError('FORBIDDEN', MSG.accountInactive);
  // An agency's staff work while its owner does, verified or not (issue 25).
  if ((candidate.role === 'AA' || candidate.role === 'AG') && candidate.ownerIsActive === false) {
    return new AppError('FORBIDDEN', AGENCY_UNAVAILABLE);
  }
  if (candidate.role === 'AC') {
    if (candidate.ownerIsActive === false) {
      return new AppError('FORBIDDEN', AGENCY_UNAVAILABLE);
    }
    if (candidate.ownerIsVerified !== true) return new AppError('FORBIDDEN', MSG.agencyPending);
    if (candidate.portalAccess !== true) {
      return new AppError(
        'FORBIDDEN',
        'Portal access is not enabled for your account. Please contact your agency.',
      );
    }
  }
  return null;
}

/**
 * Tells the account holder, once a window, that sign-ins to their account are being refused for too many wrong
 * passwords (decisions §3). Owners and the clients of a verified, active agency (decisions §4); the platform
 * admin's account needs its second factor anyway, and has no agency outbox to keep the notice in.
 */
async function noticeGuessing(deps: AuthDeps, candidate: repo.Candidate, email: string): Promise<void> {
  if (!deps.mailer || !candidate.agencyId || candidate.role === 'ADMIN') return;
  if (candidate.role === 'AC' && !(candidate.ownerIsVerified && candidate.ownerIsActive)) return;
  if ((await reserveAttempt(deps.db, [guessNoticeKey(candidate.userId)])) > 0) return;
  await deps.mailer.send(
    guessingMail({
      agencyId: candidate.agencyId,
      to: email,
      name: candidate.fullName,
      portalHost: deps.portalHost,
    }),
  );
}

export async function login(
  deps: AuthDeps,
  input: LoginInput,
  /** Called with the user's id once a session is opened (the route remembers the browser, decision 021). */
  onSession?: (userId: string) => void,
): Promise<LoginAnswer> {
  const host = parseTenantHost(input.tenantHost, deps.portalHost);
  if (host.kind === 'unknown') throw new AppError('NOT_FOUND', MSG.unknownPortal);
  const agency = host.kind === 'agency' ? await repo.findAgencyBySlug(deps.db, host.slug) : null;
  if (host.kind === 'agency' && !agency) throw new AppError('NOT_FOUND', MSG.unknownPortal);

  const candidate = agency
    ? await repo.findAgencyCandidate(deps.db, agency, input.email)
    : await repo.findPlatformCandidate(deps.db, input.email);
  // Counted per (account, address) and per address across accounts, before the hash (decision 021). An
  // unknown e-mail has a key of its own, so guesses at it never count against an account created later.
  // A browser that has signed in to this account before is counted apart, by its device cookie.
  const account = candidate?.userId ?? `unknown:${agency?.id ?? 'platform'}:${input.email}`;
  const knownDevice = candidate && input.device?.userIds.includes(candidate.userId) ? input.device : null;
  const keys =
    candidate && knownDevice ? deviceKeys(candidate.userId, knownDevice.id) : signInKeys(account, input.ip);
  const wait = await reserveAttempt(deps.db, keyList(keys));
  if (wait > 0) {
    if (candidate) await noticeGuessing(deps, candidate, input.email);
    throw throttled(MSG.tooManyAttempts, wait);
  }

  const hasher = deps.hasher.forAddress(input.ip);
  const ok = candidate
    ? await hasher.verify(candidate.passwordHash, input.password)
    : await hasher.verifyDummy(input.password);
  if (!candidate || !ok) {
    await forgetExpired(deps.db);
    await writeAudit(deps.db, {
      actorUserId: candidate?.userId ?? null,
      actorRole: null,
      agencyId: agency?.id ?? null,
      action: 'auth.login_failed',
      ip: input.ip,
    });
    throw new AppError('UNAUTHENTICATED', MSG.loginInvalid);
  }
  await settleSuccess(deps.db, keys);
  const refused = refusal(candidate);
  if (refused) throw refused;

  const roles: Role[] = [candidate.role];
  const subject: TokenSubject = {
    userId: candidate.userId,
    roles,
    clientName: candidate.fullName,
    agencyId: candidate.agencyId,
    agencyName: candidate.agencyName,
    tokenVersion: candidate.tokenVersion,
  };
  // With a second factor the password alone opens no session: a challenge for the code instead (issue 23, 14).
  if (candidate.secondFactor) return secondFactorChallenge(deps, subject);
  const token = await deps.tokens.sign(subject);
  onSession?.(candidate.userId);
  // The bookkeeping of a sign-in is one statement: one round trip and one commit (issue 8).
  await repo.recordSignIn(deps.db, {
    actorUserId: candidate.userId,
    actorRole: candidate.role,
    agencyId: candidate.agencyId,
    action: 'auth.login',
    ip: input.ip,
  });
  return {
    status: 'success',
    message: MSG.loginSuccess,
    data: {
      token,
      agency_name: candidate.agencyName,
      must_change_password: candidate.mustChangePassword,
    },
  };
}

export async function logout(deps: Pick<AuthDeps, 'db'>, who: TokenSubject, ip: string) {
  await repo.bumpTokenVersion(deps.db, who.userId);
  await writeAudit(deps.db, {
    actorUserId: who.userId,
    actorRole: who.roles[0] ?? null,
    agencyId: who.agencyId,
    action: 'auth.logout',
    ip,
  });
  return { message: 'Signed out.' };
}

/** Choosing a new password (also the step after an admin reset): old tokens revoked, a fresh one answered. */
export async function changePassword(
  deps: AuthDeps,
  who: TokenSubject,
  input: { current_password: string; new_password: string },
  ip: string,
): Promise<LoginResponse> {
  const account = await repo.findPasswordState(deps.db, who.userId);
  if (!account) throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED_REASON);
  // Wrong current passwords are throttled like sign-ins (issue 23 item 7, decision 021).
  const keys = passwordChangeKeys(who.userId, ip);
  const wait = await reserveAttempt(deps.db, keyList(keys));
  if (wait > 0) throw throttled(MSG.tooManyPasswordChanges, wait);
  const hasher = deps.hasher.forAddress(ip);
  if (!(await hasher.verify(account.passwordHash, input.current_password))) {
    throw new AppError('BAD_REQUEST', MSG.currentPasswordWrong, MSG.currentPasswordWrong, {
      fields: { current_password: MSG.currentPasswordWrong },
    });
  }
  if (input.current_password === input.new_password) {
    throw new AppError('BAD_REQUEST', MSG.passwordUnchanged, MSG.passwordUnchanged, {
      fields: { new_password: MSG.passwordUnchanged },
    });
  }
  await settleSuccess(deps.db, keys);
  const passwordHash = await hasher.hash(input.new_password);
  const tokenVersion = await deps.db.transaction(async (tx) => {
    const version = await repo.replacePassword(tx, who.userId, passwordHash);
    await writeAudit(tx, {
      actorUserId: who.userId,
      actorRole: who.roles[0] ?? null,
      agencyId: who.agencyId,
      action: 'auth.password_changed',
      ip,
    });
    return version;
  });
  const token = await deps.tokens.sign({ ...who, tokenVersion });
  return {
    status: 'success',
    message: MSG.passwordChanged,
    data: { token, agency_name: who.agencyName, must_change_password: false },
  };
}

export async function me(deps: Pick<AuthDeps, 'db'>, who: TokenSubject): Promise<MeResponse> {
  const found = await repo.findMe(deps.db, who.userId, who.agencyId);
  if (!found) throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED_REASON);
  return {
    user_id: found.user.id,
    email: found.user.email,
    full_name: found.user.fullName,
    roles: [found.user.role],
    agency_id: found.agency?.id ?? null,
    agency_name: found.agency?.name ?? null,
    agency_slug: found.agency?.slug ?? null,
    is_verified: found.agency ? found.agency.isVerified : null,
    must_change_password: found.user.mustChangePassword,
    // Only the admin must have a second factor: the answer of everyone else is as it was.
    ...(found.user.role === 'ADMIN' ? { must_enrol_second_factor: !found.user.secondFactorOn } : {}),
  };
}
