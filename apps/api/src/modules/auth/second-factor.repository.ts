import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, users } from '../../db/schema.ts';

// Queries of the TOTP second factor (decision 022). They take a user id: the admin and owners have no agency of
// their own on their user row, and recovery_codes is keyed by user.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function findSecondFactor(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
      mustChangePassword: users.mustChangePassword,
      passwordHash: users.passwordHash,
      secretEnc: users.totpSecretEnc,
      enabledAt: users.totpEnabledAt,
      lastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** A new key waiting for its first code; replaces one that was never confirmed. Refused once turned on. */
export async function setPendingSecret(db: Db, userId: string, secretEnc: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecretEnc: secretEnc, totpLastStep: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Takes the time step of an accepted code, once: a code of that step or an earlier one is refused afterwards,
 * even by a concurrent request (the row's update decides). False when the step was already used.
 */
export async function takeTimeStep(db: Db | Tx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Turns the pending key on and replaces the recovery codes (their hashes), in the caller's transaction. */
export async function enable(tx: Tx, userId: string, codeHashes: string[]): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ totpEnabledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), sql`${users.totpSecretEnc} is not null`))
    .returning({ id: users.id });
  if (rows.length === 0) return false;
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  return true;
}

export async function disable(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ totpSecretEnc: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Uses a recovery code, once: false when it is not one of the user's or was used already. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return rows.length > 0;
}
