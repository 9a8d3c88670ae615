import type { Role } from '@portal/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies, auditLog, ownerAccounts, primaryClients, users } from '../../db/schema.ts';

// Queries for sign-in and sessions. Sign-in runs before a tenant is known, so these take the agency the
// portal address names (or none, on the platform address) rather than a caller's agency.

export type Candidate = {
  userId: string;
  role: Role;
  passwordHash: string;
  fullName: string;
  isActive: boolean;
  tokenVersion: number;
  mustChangePassword: boolean;
  /** The TOTP second factor is on: a right password answers a challenge for the code (decision 022). */
  secondFactor: boolean;
  agencyId: string | null;
  agencyName: string | null;
  ownerIsActive: boolean | null;
  ownerIsVerified: boolean | null;
  portalAccess: boolean | null;
};

const candidateColumns = {
  userId: users.id,
  role: users.role,
  passwordHash: users.passwordHash,
  fullName: users.fullName,
  isActive: users.isActive,
  tokenVersion: users.tokenVersion,
  mustChangePassword: users.mustChangePassword,
  secondFactor: sql<boolean>`${users.totpEnabledAt} is not null`,
};

export async function findAgencyBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(eq(agencies.slug, slug))
    .limit(1);
  return row ?? null;
}

/** On the bare portal address: a platform admin or an agency owner (with their first agency). */
export async function findPlatformCandidate(db: Db, email: string): Promise<Candidate | null> {
  const [row] = await db
    .select({
      ...candidateColumns,
      agencyId: agencies.id,
      agencyName: agencies.name,
      ownerIsVerified: ownerAccounts.isVerified,
    })
    .from(users)
    .leftJoin(ownerAccounts, eq(ownerAccounts.userId, users.id))
    .leftJoin(agencies, eq(agencies.ownerId, ownerAccounts.id))
    .where(and(eq(users.email, email), inArray(users.role, ['ADMIN', 'AO'])))
    .orderBy(asc(agencies.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    ...row,
    ownerIsActive: row.role === 'AO' ? row.isActive : null,
    portalAccess: null,
  };
}

/** On an agency's address: that agency's owner, a member of its staff, or one of its clients with portal access. */
export async function findAgencyCandidate(
  db: Db,
  agency: { id: string; name: string },
  email: string,
): Promise<Candidate | null> {
  const [owner] = await db
    .select({ ...candidateColumns, ownerIsVerified: ownerAccounts.isVerified })
    .from(agencies)
    .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
    .innerJoin(users, eq(users.id, ownerAccounts.userId))
    .where(and(eq(agencies.id, agency.id), eq(users.email, email)))
    .limit(1);
  if (owner) {
    return {
      ...owner,
      agencyId: agency.id,
      agencyName: agency.name,
      ownerIsActive: owner.isActive,
      portalAccess: null,
    };
  }
  const ownerUser = db
    .select({ isActive: users.isActive, isVerified: ownerAccounts.isVerified })
    .from(agencies)
    .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
    .innerJoin(users, eq(users.id, ownerAccounts.userId))
    .where(eq(agencies.id, agency.id))
    .as('agency_owner');
  const [client] = await db
    .select({
      ...candidateColumns,
      portalAccess: primaryClients.portalAccess,
      ownerIsActive: ownerUser.isActive,
      ownerIsVerified: ownerUser.isVerified,
    })
    .from(users)
    .leftJoin(
      primaryClients,
      and(eq(primaryClients.userId, users.id), sql`${primaryClients.deletedAt} is null`),
    )
    .crossJoin(ownerUser)
    .where(
      and(eq(users.agencyId, agency.id), eq(users.email, email), inArray(users.role, ['AC', 'AA', 'AG'])),
    )
    .limit(1);
  if (!client) return null;
  return {
    ...client,
    agencyId: agency.id,
    agencyName: agency.name,
    // Staff (issue 25) have no portal access to speak of: the workspace is theirs.
    portalAccess: client.role === 'AC' ? (client.portalAccess ?? false) : null,
  };
}

/** A sign-in's bookkeeping in one statement: the user's last sign-in, and its audit entry (decisions §5). */
export async function recordSignIn(
  db: Db,
  entry: { actorUserId: string; actorRole: Role; agencyId: string | null; action: string; ip: string },
): Promise<void> {
  await db.execute(sql`with signed as (
      update ${users} set ${sql.identifier(users.lastLoginAt.name)} = now() where ${users.id} = ${entry.actorUserId})
    insert into ${auditLog} (${sql.identifier(auditLog.actorUserId.name)}, ${sql.identifier(auditLog.actorRole.name)},
      ${sql.identifier(auditLog.agencyId.name)}, ${sql.identifier(auditLog.action.name)}, ${sql.identifier(auditLog.ip.name)})
    values (${entry.actorUserId}, ${entry.actorRole}, ${entry.agencyId}, ${entry.action}, ${entry.ip})`);
}

/** Revokes every token of the user (decisions §3). */
export async function bumpTokenVersion(db: Pick<Db, 'update'>, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function findMe(db: Db, userId: string, agencyId: string | null) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      mustChangePassword: users.mustChangePassword,
      secondFactorOn: sql<boolean>`${users.totpEnabledAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  let agency: { id: string; name: string; slug: string; isVerified: boolean } | null = null;
  if (agencyId) {
    const [row] = await db
      .select({
        id: agencies.id,
        name: agencies.name,
        slug: agencies.slug,
        isVerified: ownerAccounts.isVerified,
      })
      .from(agencies)
      .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
      .where(eq(agencies.id, agencyId))
      .limit(1);
    agency = row ?? null;
  }
  return { user, agency };
}

export async function findPasswordState(db: Db, userId: string) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Sets a password the user chose, clears the must-change flag and revokes older tokens; answers the new version. */
export async function replacePassword(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  userId: string,
  passwordHash: string,
): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: false,
      passwordChangedAt: sql`now()`,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  return row!.tokenVersion;
}
