import type { StaffRole } from '@portal/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { primaryClients, users } from '../../db/schema.ts';

// The agency's staff (issue 25): `users` rows with role AA or AG and the agency's id. Every function takes the
// agency id first and every query names it (the second wall, row-level security, holds it too).

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

const STAFF = ['AA', 'AG'] as const;

export interface StaffRow {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  role: StaffRole;
  isActive: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** Set once a password is chosen (by the invitation link, a reset or a change): the invitation is accepted. */
  passwordChangedAt: Date | null;
  /** The newest unused invitation's expiry, even if past; null when none is waiting. */
  inviteExpiresAt: Date | null;
  assignedClients: number;
}

// Both correlated on the user's id: a team is a handful of rows, each read by primary key or its own index. Written
// with qualified names: drizzle leaves a column in a select's sql unqualified, which would bind to the inner table.
const inviteExpiry = sql<Date | null>`(
  select max(l.expires_at) from password_links l
  where l.user_id = "users"."id" and l.purpose = 'invite' and l.used_at is null)`;
const assigned = sql<number>`(
  select count(*)::int from primary_clients pc
  where pc.agency_id = "users"."agency_id" and pc.assigned_agent_id = "users"."id")`;

const columns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  phone: users.phone,
  role: users.role,
  isActive: users.isActive,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  passwordChangedAt: users.passwordChangedAt,
  inviteExpiresAt: inviteExpiry,
  assignedClients: assigned,
};

function toRow(row: Omit<StaffRow, 'role' | 'inviteExpiresAt'> & { role: string; inviteExpiresAt: unknown }) {
  const expiry = row.inviteExpiresAt;
  return {
    ...row,
    role: row.role as StaffRole,
    // A subquery's timestamp comes back as text on one driver and a Date on the other.
    inviteExpiresAt: expiry == null ? null : new Date(expiry as string | Date),
    assignedClients: Number(row.assignedClients),
  };
}

export async function listStaff(db: Reader, agencyId: string): Promise<StaffRow[]> {
  const rows = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.agencyId, agencyId), inArray(users.role, [...STAFF])))
    .orderBy(asc(users.fullName), asc(users.id));
  return rows.map(toRow);
}

export async function findStaff(db: Reader, agencyId: string, id: string): Promise<StaffRow | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, id), inArray(users.role, [...STAFF])))
    .limit(1);
  return row ? toRow(row) : null;
}

/** Whose account at the agency already has this e-mail (a member of staff or a client), if anyone's. */
export async function roleOfEmail(db: Reader, agencyId: string, email: string): Promise<string | null> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.email, email)))
    .limit(1);
  return row?.role ?? null;
}

export async function emailOfUser(db: Reader, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}

export async function insertStaff(
  tx: Tx,
  agencyId: string,
  values: { email: string; fullName: string; phone: string | null; role: StaffRole; passwordHash: string },
): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, agencyId })
    .returning({ id: users.id });
  return row!.id;
}

/** Locks a member of staff's row for a change; answers null for no such member of this agency. */
export async function lockStaff(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select({
      id: users.id,
      role: users.role,
      isActive: users.isActive,
      accepted: sql<boolean>`(${users.passwordChangedAt} is not null or ${users.lastLoginAt} is not null)`,
    })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, id), inArray(users.role, [...STAFF])))
    .for('update')
    .limit(1);
  return row ?? null;
}

/**
 * A role or active flag changed: the token version moves on, so every session of the account ends at once (the
 * access plugin compares it; the session cache hears the change through migration 0010's trigger).
 */
export async function updateStaff(
  tx: Tx,
  agencyId: string,
  id: string,
  values: { role?: StaffRole; isActive?: boolean },
): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(and(eq(users.agencyId, agencyId), eq(users.id, id)));
}

/**
 * Removes a never-accepted invitee (decision 032): their links go with the row (cascade), and clients assigned to
 * them are unassigned first. Nothing else names an account that never signed in.
 */
export async function deleteInvitee(tx: Tx, agencyId: string, id: string): Promise<void> {
  await tx
    .update(primaryClients)
    .set({ assignedAgentId: null })
    .where(and(eq(primaryClients.agencyId, agencyId), eq(primaryClients.assignedAgentId, id)));
  await tx
    .delete(users)
    .where(
      and(
        eq(users.agencyId, agencyId),
        eq(users.id, id),
        isNull(users.passwordChangedAt),
        isNull(users.lastLoginAt),
      ),
    );
}
