import { createHash } from 'node:crypto';
import {
  type LoginResponse,
  MSG,
  RECOVERY_CODE_COUNT,
  type RecoveryCodesResponse,
  SECOND_FACTOR_CHALLENGE_SECONDS,
  SECOND_FACTOR_MSG,
  SESSION_EXPIRED_REASON,
  type SecondFactorChallenge,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@portal/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { ChallengeService } from '../../lib/challenges.ts';
import { decryptField, encryptField } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import {
  forgetExpired,
  keyList,
  reserveAttempt,
  secondFactorKeys,
  settleSuccess,
  throttled,
} from '../../lib/throttle.ts';
import type { TokenService, TokenSubject } from '../../lib/tokens.ts';
import { recordSignIn } from './auth.repository.ts';
import * as repo from './second-factor.repository.ts';

// The TOTP second factor (RFC 6238; issue 23 item 14, decision 022), with otplib's defaults (SHA-1, 6 digits,
// 30 s), which every authenticator app reads. A code of the step before or after is accepted for clock drift.

export interface SecondFactorDeps {
  db: Db;
  hasher: PasswordHasher;
  tokens: TokenService;
  challenges: ChallengeService;
  encryptionKey: Buffer;
}

/** The name authenticator apps show above the account. */
const ISSUER = 'Agency Portal';
/** One period each way: a phone's clock a little off still signs in. */
const EPOCH_TOLERANCE = 30;

/** Recovery codes are 80 random bits, so a SHA-256 of each is as safe to keep as a slow hash (decision 022). */
export const hashRecoveryCode = (code: string) => createHash('sha256').update(code).digest('base64url');

function newRecoveryCodes(): string[] {
  // otplib's secret generator: 10 random bytes as 16 base32 characters, shown in groups of four.
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    generateSecret({ length: 10 }).match(/.{4}/g)!.join('-'),
  );
}

/** The time step a right code belongs to, or null for a wrong code or one whose step was already used. */
async function checkCode(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: EPOCH_TOLERANCE,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const wrongCode = (message: string = SECOND_FACTOR_MSG.codeWrong) =>
  new AppError('BAD_REQUEST', message, message, { fields: { code: message } });

/** Whether a user has the second factor on: sign-in asks for a code after the password when it has. */
export async function secondFactorChallenge(
  deps: Pick<SecondFactorDeps, 'challenges'>,
  subject: TokenSubject,
): Promise<SecondFactorChallenge> {
  return {
    status: 'second_factor_required',
    message: SECOND_FACTOR_MSG.codeNeeded,
    data: { challenge: await deps.challenges.sign(subject), expires_in: SECOND_FACTOR_CHALLENGE_SECONDS },
  };
}

/** Sign-in's second step: the challenge of a right password, and a current code or an unused recovery code. */
export async function loginWithSecondFactor(
  deps: SecondFactorDeps,
  input: { challenge: string; code?: string | undefined; recoveryCode?: string | undefined; ip: string },
  /** Called with the user's id once a session is opened (the route remembers the browser, decision 021). */
  onSession?: (userId: string) => void,
): Promise<LoginResponse> {
  const subject = await deps.challenges.verify(input.challenge);
  if (!subject) throw new AppError('UNAUTHENTICATED', SECOND_FACTOR_MSG.challengeExpired);
  const keys = secondFactorKeys(subject.userId, input.ip);
  const wait = await reserveAttempt(deps.db, keyList(keys));
  if (wait > 0) throw throttled(SECOND_FACTOR_MSG.tooManyCodes, wait);

  const user = await repo.findSecondFactor(deps.db, subject.userId);
  // A logout, reset or deactivation since the password, or the factor turned off: sign in again.
  if (
    !user?.isActive ||
    user.tokenVersion !== subject.tokenVersion ||
    !subject.roles.includes(user.role) ||
    !user.enabledAt ||
    !user.secretEnc
  ) {
    throw new AppError('UNAUTHENTICATED', SECOND_FACTOR_MSG.challengeExpired);
  }
  let ok = false;
  if (input.code !== undefined) {
    const step = await checkCode(decryptField(deps.encryptionKey, user.secretEnc), input.code, user.lastStep);
    ok = step !== null && (await repo.takeTimeStep(deps.db, user.id, step));
  } else if (input.recoveryCode !== undefined) {
    ok = await repo.useRecoveryCode(deps.db, user.id, hashRecoveryCode(input.recoveryCode));
  }
  const agencyId = subject.roles.includes('ADMIN') ? null : subject.agencyId;
  if (!ok) {
    await forgetExpired(deps.db);
    await writeAudit(deps.db, {
      actorUserId: user.id,
      actorRole: null,
      agencyId,
      action: 'auth.second_factor_failed',
      ip: input.ip,
    });
    const message = input.code !== undefined ? SECOND_FACTOR_MSG.codeWrong : SECOND_FACTOR_MSG.recoveryWrong;
    throw new AppError('UNAUTHENTICATED', message);
  }
  await settleSuccess(deps.db, keys);
  const token = await deps.tokens.sign(subject);
  onSession?.(user.id);
  await recordSignIn(deps.db, {
    actorUserId: user.id,
    actorRole: user.role,
    agencyId,
    action: input.code !== undefined ? 'auth.login' : 'auth.login_recovery_code',
    ip: input.ip,
  });
  return {
    status: 'success',
    message: MSG.loginSuccess,
    data: { token, agency_name: subject.agencyName, must_change_password: user.mustChangePassword },
  };
}

async function own(db: Db, who: TokenSubject) {
  const user = await repo.findSecondFactor(db, who.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED_REASON);
  return user;
}

export async function secondFactorStatus(
  deps: SecondFactorDeps,
  who: TokenSubject,
): Promise<SecondFactorStatus> {
  const user = await own(deps.db, who);
  return {
    enabled: user.enabledAt !== null,
    required: user.role === 'ADMIN',
    enabled_at: user.enabledAt?.toISOString() ?? null,
    recovery_codes_left: user.enabledAt ? await repo.countRecoveryCodesLeft(deps.db, user.id) : 0,
  };
}

/** Starts the set-up: a new key (kept encrypted until a code confirms it), its URI and QR code. */
export async function enrolSecondFactor(
  deps: SecondFactorDeps,
  who: TokenSubject,
  ip: string,
): Promise<SecondFactorEnrolment> {
  const user = await own(deps.db, who);
  if (user.enabledAt) throw new AppError('CONFLICT', SECOND_FACTOR_MSG.alreadyEnabled);
  const secret = generateSecret();
  if (!(await repo.setPendingSecret(deps.db, user.id, encryptField(deps.encryptionKey, secret)))) {
    throw new AppError('CONFLICT', SECOND_FACTOR_MSG.alreadyEnabled);
  }
  await writeAudit(deps.db, {
    actorUserId: user.id,
    actorRole: who.roles[0] ?? null,
    agencyId: who.roles.includes('ADMIN') ? null : who.agencyId,
    action: 'auth.second_factor_enrolment_started',
    ip,
  });
  const uri = generateURI({ issuer: ISSUER, label: user.email, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    otpauth_uri: uri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** Confirms the pending key with a current code; answers the ten recovery codes, which are not kept. */
export async function confirmSecondFactor(
  deps: SecondFactorDeps,
  who: TokenSubject,
  input: { code: string },
  ip: string,
): Promise<RecoveryCodesResponse> {
  const user = await own(deps.db, who);
  if (user.enabledAt) throw new AppError('CONFLICT', SECOND_FACTOR_MSG.alreadyEnabled);
  if (!user.secretEnc) throw new AppError('CONFLICT', SECOND_FACTOR_MSG.notEnrolling);
  const keys = secondFactorKeys(user.id, ip);
  const wait = await reserveAttempt(deps.db, keyList(keys));
  if (wait > 0) throw throttled(SECOND_FACTOR_MSG.tooManyCodes, wait);
  const step = await checkCode(decryptField(deps.encryptionKey, user.secretEnc), input.code, user.lastStep);
  if (step === null) throw wrongCode();
  const codes = newRecoveryCodes();
  const enabled = await deps.db.transaction(async (tx) => {
    if (!(await repo.takeTimeStep(tx, user.id, step))) return false;
    if (!(await repo.enable(tx, user.id, codes.map(hashRecoveryCode)))) return false;
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: who.roles[0] ?? null,
      agencyId: who.roles.includes('ADMIN') ? null : who.agencyId,
      action: 'auth.second_factor_enabled',
      ip,
    });
    return true;
  });
  if (!enabled) throw wrongCode();
  await settleSuccess(deps.db, keys);
  return { message: SECOND_FACTOR_MSG.enabled, recovery_codes: codes };
}

/** Turning it off takes the current password and a current code (re-authentication). */
export async function disableSecondFactor(
  deps: SecondFactorDeps,
  who: TokenSubject,
  input: { current_password: string; code: string },
  ip: string,
): Promise<{ message: string }> {
  const user = await own(deps.db, who);
  if (!user.enabledAt || !user.secretEnc) throw new AppError('CONFLICT', SECOND_FACTOR_MSG.notEnabled);
  const keys = secondFactorKeys(user.id, ip);
  const wait = await reserveAttempt(deps.db, keyList(keys));
  if (wait > 0) throw throttled(SECOND_FACTOR_MSG.tooManyCodes, wait);
  if (!(await deps.hasher.forAddress(ip).verify(user.passwordHash, input.current_password))) {
    throw new AppError('BAD_REQUEST', MSG.currentPasswordWrong, MSG.currentPasswordWrong, {
      fields: { current_password: MSG.currentPasswordWrong },
    });
  }
  const step = await checkCode(decryptField(deps.encryptionKey, user.secretEnc), input.code, user.lastStep);
  if (step === null || !(await repo.takeTimeStep(deps.db, user.id, step))) throw wrongCode();
  await deps.db.transaction(async (tx) => {
    await repo.disable(tx, user.id);
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: who.roles[0] ?? null,
      agencyId: who.roles.includes('ADMIN') ? null : who.agencyId,
      action: 'auth.second_factor_disabled',
      ip,
    });
  });
  await settleSuccess(deps.db, keys);
  return { message: SECOND_FACTOR_MSG.disabled };
}
